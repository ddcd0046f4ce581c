// The practice page: an editor, Run (the samples), Submit (every case) and Find a failing input.
// Each case runs in a Pyodide of its own (runner.js, loaded from one memory snapshot and ended after the case); the
// verdict comes from practice/judge.py in another Pyodide that runs no learner's code (judge-worker.js).
const $ = (id) => document.getElementById(id);
const KEY = "gradient-accumulation-practice";
const POOL = 4;  // runners loading ahead: a fresh Pyodide for each case is most of a Submit's time
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

const text = async (path) => (await fetch(path)).text();
const bytes = async (path) => new Uint8Array(await (await fetch(path)).arrayBuffer());
const [manifest, runnerSource, judgeSource] = await Promise.all(
  [fetch("cases.json").then((r) => r.json()), text("runner.py"), text("judge.py")]);
const code = $("code");

// What the learner writes is kept per tab (a reload gets this tab's code back) and as the latest of
// any tab (a new tab starts from it). Without storage, or over its quota, the page says so and works on.
function say(id, message) { $(id).textContent = message; }
const store = (() => {
  let local;
  try {
    local = window.localStorage;
    local.getItem(KEY);
  } catch (error) {
    return null;
  }
  let tab = null;
  try {
    tab = window.sessionStorage.getItem(KEY + ":tab");
  } catch (error) { /* no session storage: this tab's code is its latest */ }
  if (!tab) {
    tab = String(Date.now()) + Math.random().toString(36).slice(2);
    try {
      window.sessionStorage.setItem(KEY + ":tab", tab);
    } catch (error) { /* over the quota: said when the code is saved */ }
  }
  return { local, mine: KEY + ":" + tab };
})();
function load() {
  if (!store) return STARTER;
  return store.local.getItem(store.mine) ?? store.local.getItem(KEY) ?? STARTER;
}
function save() {
  if (!store) {
    say("storage", "This browser keeps no storage for this page: your code is not saved across a reload.");
    return;
  }
  try {
    store.local.setItem(store.mine, code.value);
    store.local.setItem(KEY, code.value);
    say("storage", "");
  } catch (error) {
    say("storage", `Your code could not be saved (${error.name}): copy it somewhere before you reload.`);
  }
}
code.value = load();
save();
code.addEventListener("input", save);
code.addEventListener("keydown", (event) => {  // Tab indents, as in an editor, instead of leaving the box
  if (event.key !== "Tab") return;
  event.preventDefault();
  code.setRangeText("    ", code.selectionStart, code.selectionEnd, "end");
  save();
});
window.addEventListener("storage", (event) => {
  if (event.key === KEY && event.newValue !== null && event.newValue !== code.value) {
    say("storage", "Another tab saved other code. This tab keeps its own, here and after a reload.");
  }
});
say("note", `Each case may take ${manifest.page_limit_s} s here (the judge's ${manifest.time_limit_s} s,` +
  " with room for Python in WebAssembly). Run tries the samples; Submit tries the samples, then the secret" +
  " data; Find a failing input searches small inputs for one your program gets wrong. Only the standard library is here: import numpy fails (ModuleNotFoundError); make check" +
  " runs numpy. What you write is kept in this browser.");

function started(worker) {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.ready === false ? reject(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message || "the worker failed")); };
  });
}

async function makeSnapshot() {
  const maker = new Worker("runner.js", { type: "module" });
  const answer = started(maker);
  maker.postMessage({ make: true });
  const { snapshot } = await answer.catch(() => ({ snapshot: null }));
  maker.terminate();
  return snapshot;  // null: each runner starts Python from scratch, more slowly
}

const snapshot = await makeSnapshot();
const pool = [];
function runner() {
  const worker = new Worker("runner.js", { type: "module" });
  const ready = started(worker).then(() => worker);
  ready.catch(() => worker.terminate());
  worker.postMessage({ snapshot: snapshot && snapshot.slice(), runner: runnerSource });
  return ready;
}
function fill() {
  while (pool.length < POOL) pool.push(runner());
}

const judgeWorker = new Worker("judge-worker.js", { type: "module" });
const judgeReady = started(judgeWorker);
judgeWorker.postMessage({ snapshot: snapshot && snapshot.slice(), judge: judgeSource });
function ask(message) {
  return new Promise((resolve) => {
    judgeWorker.onmessage = ({ data }) => resolve(data);
    judgeWorker.postMessage(message);
  });
}

// One run of the program on input bytes, in a fresh runner, bounded by the answer's size: {status,
// stdout, stderr, ran} once it ends, or {verdict, detail} when the page stopped it.
async function runBytes(source, input, answer) {
  const limit = 4 * answer.length + 4096;
  let worker;
  try {
    worker = await pool.shift();
  } catch (error) {
    fill();
    return { verdict: "RTE", detail: `Python could not start: ${error.message}`, seconds: 0 };
  }
  fill();
  return new Promise((resolve) => {
    const begun = performance.now();
    const finish = (result) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ seconds: (performance.now() - begun) / 1000, ...result });
    };
    const timer = setTimeout(() => finish({ verdict: "TLE", detail: `stopped after ${manifest.page_limit_s} s` }),
                             manifest.page_limit_s * 1000);
    worker.onmessage = ({ data }) => {  // the runner's word is data, never a verdict: the program ran there
      if (data && data.stopped === "output") {
        finish({ verdict: "WA", detail: `output too long: more than ${limit} bytes, where the answer has ${answer.length}` });
      } else if (data && Number.isInteger(data.status) && data.stdout instanceof Uint8Array
                 && data.stderr instanceof Uint8Array) {
        finish({ status: data.status, stdout: data.stdout, stderr: data.stderr, ran: Number(data.seconds) || 0 });
      } else {
        finish({ verdict: "RTE", detail: "the runner sent something that is not a run's end" });
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ verdict: "RTE", detail: `the interpreter failed: ${event.message || "no message"}` });
    };
    worker.postMessage({ source, input, limit });
  });
}

const decode = (data) => new TextDecoder().decode(data.slice(0, 4000));

async function runCase(source, item) {
  const [input, answer] = await Promise.all([bytes(item.input), bytes(item.answer)]);
  const run = await runBytes(source, input, answer);
  if (run.verdict) return run;
  const { verdict, detail, shown } = await ask({ answer, prints: item.prints, status: run.status,
                                                stdout: run.stdout, stderr: run.stderr, input });
  const hint = /No module named '?numpy/.test(detail) ? " (numpy is not available in this page)" : "";
  return { verdict, detail: detail + hint, seconds: run.ran, stdout: decode(run.stdout), stderr: decode(run.stderr),
           shown };
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
  if (item.sample && result.shown && result.shown.length) {  // a wrong sample: its input, expected against found
    const pre = document.createElement("pre");
    pre.className = "shown";
    pre.textContent = result.shown.join("\n");
    detail.append(pre);
  }
  if (item.sample && result.verdict !== "AC" && "stdout" in result) {  // a failing sample: what the program wrote
    for (const [label, written] of [["stdout", result.stdout], ["stderr", result.stderr]]) {
      const pre = document.createElement("pre");
      pre.className = label;
      pre.textContent = `${label}:\n${written || "(nothing)"}`;
      detail.append(pre);
    }
  }
}

async function judgeAll(withSecret) {
  const source = code.value;
  save();
  buttons(false);
  $("results").replaceChildren();
  const table = document.createElement("table");
  $("results").append(table);
  const summary = (message) => {
    const p = document.createElement("p");
    p.className = "summary";
    p.textContent = message;
    $("results").append(p);
  };
  await ask({ reset: true });
  let failed = 0;
  for (const [group, items] of [["samples", manifest.samples], ["secret", manifest.secret]]) {
    if (group === "secret" && (!withSecret || failed)) break;
    for (const item of items) {
      say("status", `running ${item.name} ...`);
      const result = await runCase(source, item);
      failed += result.verdict !== "AC";
      row(table, item, result);
    }
  }
  if (withSecret && failed && table.rows.length === manifest.samples.length) {
    summary("The secret data is for after the samples pass: fix them first.");
  }
  summary(failed ? `${failed} case${failed > 1 ? "s" : ""} not AC`
    : (withSecret ? "every case AC" : "the samples pass: Submit runs the secret data"));
  say("status", "ready");
  buttons(true);
}

// The search of make check FIND=1 (practice/find.py, seed 1), in a worker of its own that loads on the
// first press. It runs no learner's code: each input it asks for runs here, as a case of Run does.
let finder = null;
async function loadFinder() {
  const files = await Promise.all(manifest.finder.files.map(async (path) => [path, await text(`find/${path}`)]));
  const wheels = await Promise.all(manifest.finder.wheels.map(async (path) => (await bytes(path)).buffer));
  const worker = new Worker("finder-worker.js", { type: "module" });
  const ready = started(worker);
  worker.postMessage({ snapshot: snapshot && snapshot.slice(), files: Object.fromEntries(files), wheels }, wheels);
  await ready.catch((error) => {
    worker.terminate();
    throw error;
  });
  return worker;
}

async function findFailing() {
  const source = code.value;
  save();
  buttons(false);
  $("results").replaceChildren();
  const shown = document.createElement("pre");
  shown.className = "found";
  say("status", "loading the search ...");
  let runs = 0;
  try {
    finder = finder || loadFinder();
    const worker = await finder;
    const found = await new Promise((resolve, reject) => {
      worker.onerror = (event) => {  // the search's own Python failed: no answer will come
        event.preventDefault();
        worker.terminate();
        reject(new Error(event.message || "the search's worker failed"));
      };
      worker.onmessage = async ({ data }) => {
        if (data.run === undefined) {
          resolve(data);
          return;
        }
        runs += 1;
        say("status", `finding: input ${runs} ...`);
        const run = await runBytes(source, data.input, data.answer);
        worker.postMessage({ ran: data.run, result: run.verdict ? { verdict: run.verdict, detail: run.detail }
          : { status: run.status, stdout: run.stdout, stderr: run.stderr } });
      };
      worker.postMessage({ find: 1 });
    });
    shown.textContent = found.found.join("\n");
    $("results").append(shown);
    if (found.input) {
      const link = document.createElement("a");
      link.className = "saved";
      link.href = URL.createObjectURL(new Blob([found.input]));
      link.download = "failing.in";
      link.textContent = "save this input as failing.in";
      $("results").append(link);
    }
  } catch (error) {
    finder = null;
    shown.textContent = `find: the search failed: ${error.message}`;
    $("results").append(shown);
  }
  say("status", "ready");
  buttons(true);
}

function buttons(on) {
  for (const id of ["run", "submit", "find"]) $(id).disabled = !on;
}

$("run").addEventListener("click", () => judgeAll(false));
$("find").addEventListener("click", findFailing);
$("submit").addEventListener("click", () => judgeAll(true));
try {
  fill();
  await Promise.all([judgeReady, pool[0]]);
  say("status", "ready");
  buttons(true);
} catch (error) {
  say("status", `Python could not start: ${error.message}`);
}
