import sys, csv, math
import statistics as st
def load(p):
    r=list(csv.DictReader(open(p),delimiter='\t'))
    return [{k:float(v) for k,v in x.items()} for x in r if None not in x.values() and len(x)==17]
def corr(a,b):
    ma,mb=st.mean(a),st.mean(b)
    sab=sum((x-ma)*(y-mb) for x,y in zip(a,b)); sa=sum((x-ma)**2 for x in a); sb=sum((y-mb)**2 for y in b)
    return sab/math.sqrt(sa*sb)
for p in sys.argv[1:]:
    d=load(p)
    if len(d)<5: print(p,len(d)); continue
    n=int(d[0]['n']); k=len(d)
    y=[x['y'] for x in d]; L=[x['left'] for x in d]; R=[x['right'] for x in d]
    LR=[a*b for a,b in zip(L,R)]
    w=[x['orbit'] for x in d]
    z=[(x['t_list']+x['t_join'])/x['orbit'] for x in d]
    cf=st.mean(x['t_list']+x['t_join'] for x in d); cl=st.mean(x['t_list'] for x in d); cj=cf-cl
    vy=st.variance(y); my=st.mean(y)
    rho=corr(y,LR)
    print(f"n={n} k={k} mean y={my:.4g} cv(y)={math.sqrt(vy)/my:.3f} rho(y,L)={corr(y,L):.3f} rho(y,R)={corr(y,R):.3f} rho(y,LR)={rho:.3f} rho(y,L+R)={corr(y,[a+b for a,b in zip(L,R)]):.3f} rho(y,sqrtLR)={corr(y,[math.sqrt(v) for v in LR]):.3f}")
    print(f"  cost full {cf:.4g}s list {cl:.4g}s ({cl/cf:.1%}) join {cj:.4g}s; mean L {st.mean(L):.3g} R {st.mean(R):.3g}")
    old=vy*cf
    print(f"  old (SRS full) var*cost = 1 (rel cv^2*cost {vy/my**2*cf:.4g})")
    # two-phase regression on LR
    for nm,xx in [('LR',LR),('L+R',[a+b for a,b in zip(L,R)])]:
        r=corr(y,xx)
        A=vy*(1-r*r); B=vy*r*r
        tp=(math.sqrt(A*cj)+math.sqrt(B*cl))**2
        print(f"  two-phase regression on {nm}: rho {r:.3f} var*cost ratio {tp/old:.3f} (n2/n1 {math.sqrt(cl*(1-r*r)/(cj*r*r)):.3f})")
    for b in (12,14,16):
        yh=[x[f'yhat{b}'] for x in d]; t=[x[f't{b}'] for x in d]
        within=st.mean([(a-c)**2 for a,c in zip(yh,y)])
        vt=st.variance(yh)
        ct=st.mean(t)
        print(f"  thin 2^{b}: cost {ct:.4g}s ({ct/cf:.1%} of full) within/between var {within/vy:.4f} var*cost ratio {vt*ct/old:.3f} ({(vy+within)*ct/old:.3f} model)")
    # CPU predictors
    print(f"  CPU: cv(z)={st.stdev(z)/st.mean(z):.3f} rho(z,t_list/w)={corr(z,[x['t_list']/x['orbit'] for x in d]):.3f} rho(z,LR/w)={corr(z,[a/b for a,b in zip(LR,w)]):.3f} rho(z,(L+R)/w)={corr(z,[(a+b)/c for a,b,c in zip(L,R,w)]):.3f} rho(z,y/w)={corr(z,[a/b for a,b in zip(y,w)]):.3f}")
    for b in (12,14,16):
        ev=[x[f'every{b}'] for x in d]
        pred=[(x['t_list'] + ( x[f't{b}']-x['t_list'])*x[f'every{b}'])/x['orbit'] for x in d]
        print(f"   rho(z, list+every*thinjoin 2^{b})={corr(z,pred):.3f}",end='')
    print()
