// The practice page: a problem to pick, an editor, Run (the samples), Submit (every case) and Find a failing
// input. problems.json lists the problems; the address picks one (?problem=NAME; the first by default),
// whose files lie in NAME/: its statement, starting program, cases.json, data and the search's modules.
// Each case runs in a Pyodide of its own (runner.js, loaded from one memory snapshot and ended after the case); the
// verdict comes from practice/judge.py in another Pyodide that runs no learner's code (judge-worker.js).
const $ = (id) => document.getElementById(id);
const FIRST_KEY = "gradient-accumulation-practice";  // the first problem's code, as saved before there were two
const POOL = 4;  // runners loaded in one batch, between cases: a fresh Pyodide a case is most of a Submit's time
const START_S = 10;  // a loaded runner starts a program at once: one that has not after this is broken
const MIB = 2 ** 20;

const text = async (path) => (await fetch(path)).text();
const bytes = async (path) => new Uint8Array(await (await fetch(path)).arrayBuffer());
const { problems } = await fetch("problems.json").then((r) => r.json());
const picked = new URLSearchParams(location.search).get("problem");
const problem = problems.find((p) => p.name === picked) || problems[0];
const base = `${problem.name}/`;  // the problem's files: cases.json's paths are relative to it
const KEY = problem === problems[0] ? FIRST_KEY : `${FIRST_KEY}/${problem.name}`;
const [manifest, statement, STARTER, runnerSource, judgeSource] = await Promise.all(
  [fetch(`${base}cases.json`).then((r) => r.json()), text(`${base}statement.html`), text(`${base}starter.py`),
   text("runner.py"), text("judge.py")]);
$("statement").innerHTML = statement;  // made by packages/statement.py from the problem's own statement.md
document.title = `Practice: ${problem.title}`;
for (const { name, title } of problems) $("problem").add(new Option(title, name, false, name === problem.name));
$("problem").addEventListener("change", () => {  // each problem is a page of its own: its cases, judge, search
  location.search = `?problem=${encodeURIComponent($("problem").value)}`;
});
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
    tab = window.sessionStorage.getItem(FIRST_KEY + ":tab");
  } catch (error) { /* no session storage: this tab's code is its latest */ }
  if (!tab) {
    tab = String(Date.now()) + Math.random().toString(36).slice(2);
    try {
      window.sessionStorage.setItem(FIRST_KEY + ":tab", tab);
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
  " with room for Python in WebAssembly), counted from your program's start, and" +
  ` ${manifest.memory_limit_mib} MiB, the size Python's memory has grown to when the program ends.` +
  " Run tries the samples; Submit tries the samples, then the secret data; Find a failing input searches small" +
  " inputs for one your program gets wrong. Only the standard library is here: import numpy fails" +
  " (ModuleNotFoundError); make check runs numpy. This Python cannot start threads or processes, and has no" +
  " resource module and no asyncio.run: a case that needs them is N/A, and make check runs it as a judge does." +
  " What you write is kept in this browser.");

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
// Runners load only while no program runs, so that a program's time is its own: a batch of them once the
// last is taken (they load while the judge judges), and a case starts once every load has settled.
let pool = [];
function runner() {
  const worker = new Worker("runner.js", { type: "module" });
  const ready = started(worker).then(() => worker);
  ready.catch(() => worker.terminate());
  worker.postMessage({ snapshot: snapshot && snapshot.slice(), runner: runnerSource });
  return ready;
}
function fill() {
  if (!pool.length) pool = Array.from({ length: POOL }, runner);
}
async function fresh() {
  fill();
  await Promise.allSettled(pool);
  return pool.shift();
}

// The judge's own work on an output is bounded: it reads each in one pass, and an output is at most the
// judges' limit. Past JUDGE_S all the same, its worker is stopped, a new one started, and the case said
// to be unjudged, rather than a page that waits for ever.
const JUDGE_S = 60;
let judgeWorker, judgeReady;
function startJudge() {
  judgeWorker = new Worker("judge-worker.js", { type: "module" });
  judgeReady = started(judgeWorker);
  judgeWorker.postMessage({ snapshot: snapshot && snapshot.slice(), judge: judgeSource,
                           mistakes: manifest.mistakes, tolerance: manifest.tolerance });
}
startJudge();
async function ask(message) {
  await judgeReady;  // a judge started again after a stop loads first
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      judgeWorker.terminate();
      startJudge();
      resolve({ verdict: "WA", detail: `the judge ran past its bound of ${JUDGE_S} s on this output and was` +
        " stopped: the output is not one a judge would read", shown: [], candidate: null, shows: false,
        stopped: true });
    }, JUDGE_S * 1000);
    judgeWorker.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    judgeWorker.postMessage(message);
  });
}

// One run of the program on input bytes, in a fresh runner, its output bounded as the judges bound it: {status, stdout,
// stderr, seconds, memory} once it ends (memory: the interpreter's bytes, or null where unknown), or
// {verdict, detail, seconds} when the page stopped it. The limit and seconds count from the program's start.
async function runBytes(source, input, answer) {
  const limit = manifest.output.limit_mib * MIB;  // judge.output_limit(): the judges' output limit
  let worker;
  try {
    worker = await fresh();
  } catch (error) {
    return { verdict: "RTE", detail: `Python could not start: ${error.message}`, seconds: 0 };
  }
  return new Promise((resolve) => {
    let begun = null;
    const finish = (result) => {
      clearTimeout(timer);
      worker.terminate();
      fill();  // the next batch, if this was the last runner, loads now: no program runs until it has
      resolve({ seconds: begun === null ? 0 : (performance.now() - begun) / 1000, ...result });
    };
    const stop = (verdict, detail) => () => finish({ verdict, detail });
    let timer = setTimeout(stop("RTE", `the runner did not start the program in ${START_S} s`), START_S * 1000);
    worker.onmessage = ({ data }) => {  // the runner's word is data, never a verdict: the program ran there
      if (data && data.started === true && begun === null) {
        begun = performance.now();
        clearTimeout(timer);
        const seconds = manifest.page_limit_s;
        timer = setTimeout(stop("TLE", `stopped after ${seconds} s`), seconds * 1000);
      } else if (data && data.stopped === "output") {
        const detail = manifest.output.too_long.replace("%d", manifest.output.limit_mib);
        finish({ verdict: "WA", detail });
      } else if (begun !== null && data && Number.isInteger(data.status) && data.stdout instanceof Uint8Array
                 && data.stderr instanceof Uint8Array) {
        finish(ended(data));
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

// A finished run as the runner measured it; past the page's limit by its own clock, it is TLE too.
function ended(data) {
  const seconds = Number(data.seconds) || 0, limit = manifest.page_limit_s;
  if (seconds > limit) return { verdict: "TLE", detail: `ran ${seconds.toFixed(2)} s, past ${limit} s`, seconds };
  const memory = Number.isSafeInteger(data.memory) ? data.memory : null;
  return { status: data.status, stdout: data.stdout, stderr: data.stderr, seconds, memory };
}

// What the page's Python (Pyodide) cannot do that a judge's CPython can, by the last line of stderr
// it leaves: such a run is N/A, not an RTE that reads as the learner's mistake.
const LIMITS = [
  [/^RuntimeError: can't start new thread$/, "cannot start threads"],
  [/^OSError: \[Errno \d+\] emscripten does not support processes\.?$/, "cannot start processes"],
  [/^ModuleNotFoundError: No module named '_multiprocessing'$/, "cannot start processes (multiprocessing)"],
  [/^ModuleNotFoundError: No module named '(resource|grp|pwd)'$/, "has no module $1"],
  [/^RuntimeError: (Cannot stack switch|WebAssembly stack switching not supported)/,
   "cannot run asyncio.run (its event loop is the browser's)"],
];

const decode = (data) => new TextDecoder().decode(data.slice(0, 4000));
const lastLine = (data) => new TextDecoder().decode(data).split("\n").map((line) => line.trim()).filter(Boolean)
  .pop() || "";

// MLE: past the package's memory limit. A judge stops the program there; the page can only measure the
// size Python's memory grew to, after the run, and says so.
const UNMEASURED = "the page cannot measure this program's memory; make check does";
const overMemory = (run) => run.memory > manifest.memory_limit_mib * MIB;
const memoryDetail = (run) => `Python's memory grew to ${Math.round(run.memory / MIB)} MiB, past the limit of` +
  ` ${manifest.memory_limit_mib} MiB (the page measures it when the program ends; a judge stops it at the limit)`;

// N/A, or null: the run failed at something the page's Python cannot do, which is not the learner's mistake.
function unable(run) {
  const line = run.status === 0 || overMemory(run) ? "" : lastLine(run.stderr);
  for (const [pattern, what] of LIMITS) {
    const found = line.match(pattern);
    if (found) {
      return { verdict: "N/A", detail: `the page's Python (Pyodide) ${found[0].replace(pattern, what)};` +
        " make check runs this as a judge does" };
    }
  }
  return null;
}

// The page's verdict where the judge cannot see why (for the search, whose judge gets only the run).
const pageVerdict = (run) => (overMemory(run) ? { verdict: "MLE", detail: memoryDetail(run) } : unable(run));

async function runCase(source, item) {
  const [input, answer] = await Promise.all([bytes(base + item.input), bytes(base + item.answer)]);
  const run = await runBytes(source, input, answer);
  if (run.verdict) return run;
  const measured = { seconds: run.seconds, memory: run.memory, stdout: decode(run.stdout),
                     stderr: decode(run.stderr) };
  const na = unable(run);
  if (na) return { ...na, ...measured };
  const judged = await ask({ answer, prints: item.prints, status: run.status, stdout: run.stdout,
                             stderr: run.stderr, input, outOfMemory: overMemory(run) });
  let { detail } = judged;
  if (judged.verdict === "MLE" && overMemory(run)) detail = memoryDetail(run);  // the page's measure, not a stop
  if (/No module named '?numpy/.test(detail)) detail += " (numpy is not available in this page)";
  if (run.memory === null) detail += (detail ? "; " : "") + UNMEASURED;
  return { verdict: judged.verdict, detail, shown: judged.shown, candidate: judged.candidate, ...measured };
}

// The secret cases that tell whether failing outputs are the one mistake they fit so far (too few cases
// prove it to name it): the first where that mistake is wrong, as the judge says from what it prints, as
// many as the judge still needs (wanted), as make check judges them.
async function proving(candidate, wanted) {
  const out = [];
  for (const item of manifest.secret) {
    if (out.length >= wanted) break;
    const answer = await bytes(base + item.answer);
    if ((await ask({ shows: candidate, answer, prints: item.prints })).shows) out.push(item);
  }
  return out;
}

function row(table, item, result) {
  const tr = table.insertRow();
  tr.className = "case";
  tr.dataset.verdict = result.verdict;
  tr.insertCell().textContent = item.name;
  const cell = (name, text) => Object.assign(tr.insertCell(), { className: name, textContent: text });
  cell(result.verdict.replace("/", ""), result.verdict);  // N/A's class is NA
  cell("seconds", `${result.seconds.toFixed(2)} s`);  // the program's own time, from its start
  const memory = result.memory === null ? "? MiB" : `${Math.round(result.memory / MIB)} MiB`;
  cell("memory", result.memory === undefined ? "" : memory);  // none where the page stopped the program
  const detail = cell("detail", result.detail);
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
  let failed = 0, unjudged = 0, candidate = null;
  const judgeItems = async (items) => {
    for (const item of items) {
      say("status", `running ${item.name} ...`);
      const result = await runCase(source, item);
      failed += result.verdict !== "AC";
      unjudged += result.verdict === "N/A";
      if ("candidate" in result) candidate = result.candidate;
      row(table, item, result);
    }
  };
  await judgeItems(manifest.samples);
  const samplesFailed = failed > 0;
  if (failed && candidate) {  // a name needs more cases than the samples give: those that would prove it
    const items = await proving(candidate.name, candidate.wanted);
    if (items.length) {
      summary("Your outputs so far fit one known mistake; " + (items.length > 1
        ? `the first ${items.length} secret cases where it is wrong too tell` : "the first secret case where" +
        " it is wrong too tells") + " whether it is that one:");
      await judgeItems(items);
    }
  } else if (withSecret && !failed) {
    await judgeItems(manifest.secret);
  }
  if (withSecret && samplesFailed) summary("The secret data is for after the samples pass: fix them first.");
  const plural = (n) => `${n} case${n > 1 ? "s" : ""}`;
  summary(failed ? `${plural(failed)} not AC` + (unjudged ? `, ${unjudged} of them N/A: the page's Python cannot` +
    " run what they use, as a judge's can; make check FILE=... runs them" : "")
    : (withSecret ? "every case AC" : "the samples pass: Submit runs the secret data"));
  say("status", "ready");
  buttons(true);
}

// The search of make check FIND=1 (practice/find.py, seed 1), in a worker of its own that loads on the
// first press. It runs no learner's code: each input it asks for runs here, as a case of Run does.
let finder = null;
async function loadFinder() {
  const files = await Promise.all(manifest.finder.files.map(async (path) => [path, await text(`${base}find/${path}`)]));
  const wheels = await Promise.all(manifest.finder.wheels.map(async (path) => (await bytes(base + path)).buffer));
  const worker = new Worker("finder-worker.js", { type: "module" });
  const ready = started(worker);
  worker.postMessage({ snapshot: snapshot && snapshot.slice(), files: Object.fromEntries(files), wheels,
                      mistakes: manifest.mistakes, problem: manifest.problem, tolerance: manifest.tolerance },
                     wheels);
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
        const own = run.verdict ? run : pageVerdict(run);  // the verdict Run gives, where the judge cannot tell
        worker.postMessage({ ran: data.run, result: own ? { verdict: own.verdict, detail: own.detail }
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
