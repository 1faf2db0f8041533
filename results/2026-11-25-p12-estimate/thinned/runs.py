import json, glob, collections, math
truth={21:314666222712,22:2691008701644,23:24233937684440}
rows=collections.defaultdict(list)
for f in sorted(glob.glob(__import__('os').path.join(__import__('os').path.dirname(__file__) or '.', 'runs', '*.json'))):
    try: r=json.load(open(f))
    except Exception: continue
    n,d,seed=f.split('/')[-1][:-5].split('-')
    u,s,e=map(float,open(f[:-5]+'.time').read().split()[-3:])
    cpu=u+s-r['symmetry_cpu_seconds']-r['split_cpu_seconds']
    cov=r['total_low']<=truth[int(n)]<=r['total_high']
    rows[(int(n),d)].append((r['relative_half_width'],cpu,cov,r['samples'],r.get('whole_samples'),r['cpu_seconds_estimate'],r['cpu_seconds_low'],r['cpu_seconds_high'],(r['total_estimate']-truth[int(n)])/truth[int(n)]))
res={}
for (n,d),v in sorted(rows.items()):
    hw=sum(x[0] for x in v)/len(v); cpu=sum(x[1] for x in v)/len(v)
    cov=sum(x[2] for x in v)
    err=[x[8] for x in v]
    rms=math.sqrt(sum(e*e for e in err)/len(err))
    res[(n,d)]=sum(x[0]**2*x[1] for x in v)/len(v)
    ce=sum(x[5] for x in v)/len(v); chw=sum((x[7]-x[6])/2/x[5] for x in v)/len(v)
    print(f"n={n} {d:10s} runs={len(v)} samples={v[0][3]} whole={sum((x[4] or 0) for x in v)/len(v):.0f} mean rel hw={hw:.4f} rms err={rms:.4f} sample CPU={cpu:.2f}s covered={cov}/{len(v)} hw^2*cpu={res[(n,d)]:.3e}  cpu est={ce:.0f} cpu hw={chw:.4f}")
for n in (21,22,23):
    if (n,'stratified') in res and (n,'thinned') in res:
        print(f"n={n}: variance per CPU-second, stratified / thinned = {res[(n,'stratified')]/res[(n,'thinned')]:.2f}")

# The Markdown table of the README: per n and design, over every seed run.
print()
print("| n | design | samples | runs | covered | mean rel. half-width | rms rel. error | sample CPU s | var per CPU-s (x1e-4) | stratified / thinned |")
print("|---|---|---|---|---|---|---|---|---|---|")
for (n, d), v in sorted(rows.items()):
    hw = sum(x[0] for x in v) / len(v)
    cpu = sum(x[1] for x in v) / len(v)
    rms = math.sqrt(sum(x[8] ** 2 for x in v) / len(v))
    ratio = res[(n, 'stratified')] / res[(n, 'thinned')] if d == 'thinned' and (n, 'stratified') in res else ''
    ratio = f"{ratio:.1f}x" if ratio else ''
    print(f"| {n} | {d} | {v[0][3]} | {len(v)} | {sum(x[2] for x in v)} | {100*hw:.2f} % | {100*rms:.2f} % | {cpu:.2f} | {1e4*res[(n,d)]:.1f} | {ratio} |")
