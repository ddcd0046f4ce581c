// Runs one case at a time: the learner's program on the case's input, in Pyodide, judged by
// practice/judge.py. The page terminates this worker when a case runs past the time limit.
import { loadPyodide } from "./pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  pyodide.FS.writeFile("/home/pyodide/judge.py", await (await fetch("judge.py")).text());
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import judge");
  const judgeCase = pyodide.runPython(`
import time
def judge_case(source, data, answer):
    data, answer = bytes(data.to_py()), bytes(answer.to_py())
    started = time.perf_counter()
    status, out, err = judge.run_in_process(source, data)
    seconds = time.perf_counter() - started
    verdict = judge.verdict_of_run(data, answer, status, out, err)
    return [verdict.name, verdict.detail, out.decode("utf-8", "replace")[:2000], err[-2000:], seconds]
judge_case`);
  onmessage = ({ data: { source, input, answer } }) => {
    const [verdict, detail, stdout, stderr, seconds] = judgeCase(source, input, answer).toJs();
    postMessage({ verdict, detail, stdout, stderr, seconds });
  };
  postMessage({ ready: true });
} catch (error) {
  postMessage({ ready: false, error: String(error.message || error).split("\n")[0] });
}
