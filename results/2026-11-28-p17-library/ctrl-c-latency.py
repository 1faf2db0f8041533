import subprocess, sys, time, signal
child = r'''
import collections, signal, sys, time, nqueens
signal.signal(signal.SIGINT, signal.default_int_handler)
name = sys.argv[1]
forms = {
 "for": lambda: [None for _ in nqueens.iter_solutions(17)],
 "list": lambda: list(nqueens.iter_solutions(17)),
 "deque": lambda: collections.deque(nqueens.iter_solutions(17), maxlen=0),
 "sum": lambda: sum(1 for _ in nqueens.iter_solutions(17)),
 "max": lambda: max(nqueens.iter_solutions(17), key=len),
 "solutions": lambda: nqueens.solutions(17),
 "count": lambda: nqueens.count(19, threads=1),
 "estimate": lambda: nqueens.estimate(22, samples=100000, threads=1),
}
print("go", flush=True)
try:
    forms[name]()
    print("finished", flush=True)
except KeyboardInterrupt:
    print(time.monotonic(), flush=True)
'''
for name in ["for", "list", "deque", "sum", "max", "solutions", "count", "estimate"]:
    worst = 0
    for _ in range(5):
        p = subprocess.Popen([sys.executable, "-c", child, name], stdout=subprocess.PIPE, text=True)
        p.stdout.readline()
        time.sleep(0.5)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        out = p.stdout.readline().strip()
        p.wait()
        worst = max(worst, float(out) - sent)
    print(f"{name:10s} worst of 5: {worst*1000:6.1f} ms", flush=True)
