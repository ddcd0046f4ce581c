// The practice page: an editor, Run (the samples) and Submit (every case), each case judged by
// practice/judge.py in Pyodide, in a Web Worker that is stopped at the time limit.
const $ = (id) => document.getElementById(id);
const STORED = "gradient-accumulation-practice";
const STARTER = `import sys

tokens = sys.stdin.read().split()
k, lr = int(tokens[0]), float(tokens[1])
values = [float(t) for t in tokens[2:]]
d = len(values) // (k + 1)
theta = values[:d]
gradients = [values[d * (i + 1):d * (i + 2)] for i in range(k)]

# Your step: print theta - lr * (the mean of the K gradients), each value to 4 decimals.
print(" ".join("%.4f" % t for t in theta))
`;

const manifest = await (await fetch("cases.json")).json();
const code = $("code");
code.value = localStorage.getItem(STORED) ?? STARTER;
code.addEventListener("input", () => localStorage.setItem(STORED, code.value));
code.addEventListener("keydown", (event) => {  // Tab indents, as in an editor, instead of leaving the box
  if (event.key !== "Tab") return;
  event.preventDefault();
  code.setRangeText("    ", code.selectionStart, code.selectionEnd, "end");
  localStorage.setItem(STORED, code.value);
});
$("note").textContent = `Each case may take ${manifest.page_limit_s} s here (the judge's ${manifest.time_limit_s} s,` +
  " with room for Python in WebAssembly). Run tries the samples; Submit tries the samples, then the secret data." +
  " What you write is kept in this browser.";

let worker, ready;
function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => (event.data.ready ? resolve() : reject(new Error(event.data.error)));
    worker.onerror = (event) => reject(new Error(event.message));
  });
  return ready;
}

async function bytes(path) {
  return new Uint8Array(await (await fetch(path)).arrayBuffer());
}

async function runCase(source, item) {
  await ready;
  const [input, answer] = await Promise.all([bytes(item.input), bytes(item.answer)]);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {  // a loop: stop the worker, and start another for the next case
      worker.terminate();
      startWorker();
      resolve({ verdict: "TLE", detail: `stopped after ${manifest.page_limit_s} s`, seconds: manifest.page_limit_s });
    }, manifest.page_limit_s * 1000);
    worker.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ source, input, answer }, [input.buffer, answer.buffer]);
  });
}

function row(table, item, result) {
  const tr = table.insertRow();
  tr.className = "case";
  tr.dataset.verdict = result.verdict;
  tr.insertCell().textContent = item.name;
  const verdict = tr.insertCell();
  verdict.textContent = result.verdict;
  verdict.className = result.verdict;
  tr.insertCell().textContent = `${result.seconds.toFixed(2)} s`;
  const detail = tr.insertCell();
  detail.textContent = result.detail;
  if (item.sample && result.verdict !== "AC" && "stdout" in result) {  // a failing sample: what the program wrote
    for (const [label, text] of [["stdout", result.stdout], ["stderr", result.stderr]]) {
      const pre = document.createElement("pre");
      pre.className = label;
      pre.textContent = `${label}:\n${text || "(nothing)"}`;
      detail.append(pre);
    }
  }
}

async function judgeAll(withSecret) {
  const source = code.value;
  localStorage.setItem(STORED, source);
  $("run").disabled = $("submit").disabled = true;
  $("results").replaceChildren();
  const table = document.createElement("table");
  $("results").append(table);
  const say = (text) => {
    const p = document.createElement("p");
    p.className = "summary";
    p.textContent = text;
    $("results").append(p);
  };
  let failed = 0;
  for (const [group, items] of [["samples", manifest.samples], ["secret", manifest.secret]]) {
    if (group === "secret" && (!withSecret || failed)) break;
    for (const item of items) {
      $("status").textContent = `running ${item.name} ...`;
      const result = await runCase(source, item);
      failed += result.verdict !== "AC";
      row(table, item, result);
    }
  }
  if (withSecret && failed && table.rows.length === manifest.samples.length) {
    say("The secret data is for after the samples pass: fix them first.");
  }
  say(failed ? `${failed} case${failed > 1 ? "s" : ""} not AC` : (withSecret ? "every case AC" : "the samples pass: Submit runs the secret data"));
  $("status").textContent = "ready";
  $("run").disabled = $("submit").disabled = false;
}

$("run").addEventListener("click", () => judgeAll(false));
$("submit").addEventListener("click", () => judgeAll(true));
try {
  await startWorker();
  $("status").textContent = "ready";
  $("run").disabled = $("submit").disabled = false;
} catch (error) {
  $("status").textContent = `Python could not start: ${error.message}`;
}
