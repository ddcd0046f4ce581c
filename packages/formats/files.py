"""What every format's writer shares: a file written, a folder zipped, YAML dumped from data."""

import zipfile

import yaml


def write(folder, name, data):
    """Write data (bytes, or text as UTF-8) to folder/name, making the folders it needs."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def archive(folder, target, prefix, keep=lambda path: True):
    """Write the files of folder that keep() keeps into the zip target, named prefix + their path,
    sorted and dated 1980-01-01, so that the same files give the same zip."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and keep(p)):
            entry = zipfile.ZipInfo(prefix + path.relative_to(folder).as_posix(), (1980, 1, 1, 0, 0, 0))
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            out.writestr(entry, path.read_bytes())


def dump(data, comment="", flow=False):
    """Return data as YAML, in the order given, after comment (each of its lines made a YAML comment):
    the file a judge reads, with what explains it on top. Block style; flow=True writes each mapping or
    list of plain values on one line ({in: 1.in, out: 1.out})."""
    head = "".join("# %s\n" % line if line else "#\n" for line in comment.splitlines())
    return head + yaml.safe_dump(data, sort_keys=False, default_flow_style=None if flow else False,
                                 allow_unicode=True, width=1000)
