// The judge: practice/judge.py in a Pyodide that runs no learner's code, so no program can change a
// verdict; it names the mistakes of the problem's wrong submissions and of those that crash (run_time_error/)
// ({mistakes}: name -> source; a crash fits a mistake that raises the same exception on the case) and judges
// with the problem's tolerance ({tolerance}: null for exact tokens). {reset} starts a check (the mistakes
// every output so far fits); {answer, prints, status,
// stdout, stderr, input, outOfMemory} judges one finished run (outOfMemory: its memory passed the limit,
// as the page measured it) and posts {verdict, detail, shown, candidate}: for a wrong answer, the lines of
// judge.wrong_sample(), which make check prints too; candidate, {name, wanted}: the one mistake every output
// so far fits where too few cases prove it to name it (judge.Check.candidate()), and how many more cases
// where it is wrong would, or null. {shows, answer, prints}
// posts {shows}: whether that mistake is wrong on a case, so that the page can judge the cases that
// prove it (judge.shows()).
import { loadPyodide } from "./pyodide/pyodide.mjs";

let judgeRun, judgeShows;
onmessage = async ({ data }) => {
  if (data.snapshot !== undefined) {
    try {
      const indexURL = new URL("./pyodide/", import.meta.url).href;
      const pyodide = await loadPyodide(data.snapshot ? { indexURL, _loadSnapshot: data.snapshot } : { indexURL });
      pyodide.FS.writeFile("/tmp/judge.py", data.judge);
      pyodide.globals.set("mistake_sources", pyodide.toPy(data.mistakes));
      pyodide.globals.set("tolerance", typeof data.tolerance === "number" ? data.tolerance : undefined);  // None
      judgeRun = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import judge
known = judge.mistakes(mistake_sources)
check = judge.Check(known, tolerance)
def judge_run(reset, answer, prints, status, out, err, given, out_of_memory):
    global check
    if reset:
        check = judge.Check(known, tolerance)
        return None
    answer, out = bytes(answer.to_py()), bytes(out.to_py())
    verdict = check.run(answer, prints.to_py(), status, out, bytes(err.to_py()), out_of_memory=out_of_memory)
    shown = judge.wrong_sample(bytes(given.to_py()), answer, out, tolerance) if verdict.name == "WA" else []
    candidate = check.candidate()
    wanted = check.proof - check.proved[candidate] if candidate else 0
    return [verdict.name, verdict.detail, shown, [candidate, wanted] if candidate else None]
def shows(name, answer, prints):
    return judge.shows(prints.to_py()[name], bytes(answer.to_py()), tolerance)
[judge_run, shows]`);
      [judgeRun, judgeShows] = [judgeRun.get(0), judgeRun.get(1)];
      postMessage({ ready: true });
    } catch (error) {
      postMessage({ ready: false, error: String(error.message || error).split("\n")[0] });
    }
    return;
  }
  if (data.reset) {
    judgeRun(true, null, null, 0, null, null, null, false);
    postMessage({ reset: true });
    return;
  }
  if (data.shows !== undefined) {
    postMessage({ shows: judgeShows(data.shows, data.answer, data.prints) });
    return;
  }
  const verdict = judgeRun(false, data.answer, data.prints, data.status, data.stdout, data.stderr, data.input,
                           data.outOfMemory === true);
  const [name, detail, shown, candidate] = verdict.toJs();
  verdict.destroy();
  postMessage({ verdict: name, detail, shown,
                candidate: candidate ? { name: candidate[0], wanted: candidate[1] } : null });
};
