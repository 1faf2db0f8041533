//! The runner from Rust, without the command line: a plan made, written
//! and run shard by shard under a `Control`, surveyed, merged.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use nqueens::{Cancel, Control};
use nqueens_cluster::{
    ListMissing, Machine, MakePlan, MergeShards, Note, ReportStatus, RunShards, Runner, Shards,
};
use nqueens_sched::{Options, Value};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-cluster-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A plan of the ordinary count of `n` in `k` shards, written in `dir`.
fn plan_file(dir: &Path, n: usize, k: usize) -> PathBuf {
    let plan = MakePlan {
        task: nqueens_sched::solvers::default().clone(),
        board: nqueens_kernel::Board::new(n).unwrap(),
        shards: k,
        depth: None,
    }
    .make()
    .unwrap();
    let path = dir.join("plan.json");
    std::fs::write(&path, plan.to_json()).unwrap();
    path
}

fn runner(plan: &Path, out: &Path, shards: Shards) -> Runner {
    let request = RunShards {
        plan: plan.to_path_buf(),
        shards,
        out: out.to_path_buf(),
        run: Options::sequential(),
        budget: None,
    };
    let machine = Machine {
        host: "here".into(),
        cpu: || Duration::ZERO,
    };
    Runner::open(request, machine).unwrap()
}

fn field<'f>(fields: &'f [(&'static str, Value)], key: &str) -> &'f Value {
    &fields.iter().find(|(k, _)| *k == key).unwrap().1
}

#[test]
fn shards_run_one_by_one_then_merge_to_the_published_count() {
    let dir = temp("merge");
    let plan = plan_file(&dir, 10, 3);
    let out = dir.join("results");
    let all = runner(&plan, &out, Shards::Ids(0..=3));
    assert_eq!(all.ids(), 0..=3);
    let listed = ListMissing {
        plan: plan.clone(),
        dir: out.clone(),
        per_task: 2,
    };
    assert_eq!(listed.list().unwrap().ids.as_deref(), Some("0-1"));
    let opened = AtomicUsize::new(0);
    let keep = |_| {
        opened.fetch_add(1, Ordering::Relaxed);
        Ok(())
    };
    let notes = RefCell::new(Vec::new());
    let note = |n: Note| notes.borrow_mut().push(n);
    for i in all.ids() {
        let ran = all
            .count_shard(i, &Control::new().opened(&keep), &note)
            .unwrap();
        assert!(!ran.already_done);
        assert_eq!(ran.result.host, "here");
        let keys: Vec<&str> = ran.fields().iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            [
                "shard",
                "first",
                "end",
                "total",
                "nodes",
                "seconds",
                "result",
                "already_done"
            ]
        );
    }
    // Three shards of subproblems opened a checkpoint; the symmetry shard
    // searched without one.
    assert_eq!(opened.load(Ordering::Relaxed), 3);
    assert!(notes.borrow().is_empty());
    let again = all.count_shard(1, &Control::new(), &note).unwrap();
    assert!(again.already_done);
    assert!(matches!(
        notes.borrow()[0],
        Note::AlreadyDone { shard: 1, .. }
    ));
    assert_eq!(listed.list().unwrap().ids, None);

    let recounting = RefCell::new(Vec::new());
    let merged = MergeShards {
        plan: plan.clone(),
        dir: out.clone(),
        recount: Some((2, 7)),
        independent: false,
        run: Options::sequential(),
    }
    .merge(&|n| recounting.borrow_mut().push(n))
    .unwrap();
    merged.check().unwrap();
    let fields = merged.fields();
    assert_eq!(field(&fields, "total"), &Value::Int(724));
    assert_eq!(field(&fields, "unique"), &Value::Int(92));
    assert_eq!(field(&fields, "verified"), &Value::Bool(true));
    assert_eq!(recounting.borrow().len(), 2);

    let status = ReportStatus {
        plan,
        dir: out,
        estimate: None,
        cores: None,
    }
    .report()
    .unwrap();
    assert_eq!(field(&status.fields(), "done"), &Value::Int(4));
    assert_eq!(field(&status.fields(), "eta_seconds"), &Value::Float(0.0));
    assert_eq!(field(&status.fields(), "finished"), &Value::Bool(true));
    assert_eq!(
        field(&status.fields(), "eta_basis"),
        &Value::Text("finished".into())
    );
    for k in ["cores", "running_ids", "missing_ids", "damaged_ids"] {
        assert_eq!(field(&status.fields(), k), &Value::Null, "{k}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cancelled_shard_keeps_its_checkpoint_and_writes_no_result() {
    let dir = temp("cancel");
    let plan = plan_file(&dir, 10, 2);
    let out = dir.join("results");
    let one = runner(&plan, &out, Shards::Ids(0..=0));
    let cancel = Cancel::new();
    cancel.cancel();
    let e = one
        .count_shard(0, &Control::new().cancel(cancel), &|_| {})
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("shard 0: ") && e.contains("shard-0.ckpt"),
        "{e}"
    );
    assert!(out.join("shard-0.ckpt").is_file());
    assert!(!out.join("shard-0.json").exists());
    // The same shard, not cancelled, finishes from its checkpoint.
    let ran = one.count_shard(0, &Control::new(), &|_| {}).unwrap();
    assert!(!ran.already_done);
    assert!(!out.join("shard-0.ckpt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every row set of plans of n = 1 to 16 recounts, by the search that
/// shares nothing with the join but the row set, to what the shards'
/// joins recorded: `merge --recount K --independent` with K every shard.
#[test]
fn the_independent_recount_agrees_with_the_join_on_every_subproblem_up_to_16() {
    let dir = temp("independent");
    for n in 1..=16 {
        let made = |k| {
            MakePlan {
                task: nqueens_sched::solvers::default().clone(),
                board: nqueens_kernel::Board::new(n).unwrap(),
                shards: k,
                depth: None,
            }
            .make()
        };
        let plan = made(3).or_else(|_| made(1)).unwrap();
        let path = dir.join(format!("plan-{n}.json"));
        std::fs::write(&path, plan.to_json()).unwrap();
        let out = dir.join(format!("results-{n}"));
        let all = runner(&path, &out, Shards::Ids(0..=plan.shards));
        for i in all.ids() {
            all.count_shard(i, &Control::new(), &|_| {}).unwrap();
        }
        let notes = RefCell::new(Vec::new());
        let merged = MergeShards {
            plan: path,
            dir: out,
            recount: Some((plan.shards, 1)),
            independent: true,
            run: Options::sequential(),
        }
        .merge(&|n| notes.borrow_mut().push(n))
        .unwrap_or_else(|e| panic!("n = {n}: {e:#}"));
        merged.check().unwrap();
        // Every subproblem of the plan, shard by shard, by the independent
        // search.
        let mut next = 0;
        for note in notes.borrow().iter() {
            let Note::Recounting { range, independent } = note else {
                panic!("n = {n}: {note}");
            };
            assert!(*independent, "n = {n}");
            assert_eq!(range.first, next, "n = {n}");
            next = range.end;
        }
        assert_eq!(next, plan.subproblems, "n = {n}");
        let fields = merged.fields();
        assert_eq!(
            field(&fields, "total"),
            &Value::Int(nqueens_kernel::oeis::TOTAL[n]),
            "n = {n}"
        );
        assert_eq!(
            field(&fields, "recount_method"),
            &Value::Text("independent".into())
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
