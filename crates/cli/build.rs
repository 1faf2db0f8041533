//! Stamps the binary with what built it, for benchmark records: the git
//! commit, the compiler and the cargo profile.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = output(&rustc, &["-V"]).unwrap_or_else(|| "unknown".into());
    let commit = commit().unwrap_or_else(|| "unknown".into());
    let profile = std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into());
    let opt = std::env::var("OPT_LEVEL").unwrap_or_else(|_| "?".into());
    println!("cargo:rustc-env=NQUEENS_RUSTC={version}");
    println!("cargo:rustc-env=NQUEENS_COMMIT={commit}");
    println!("cargo:rustc-env=NQUEENS_PROFILE={profile} (opt-level {opt})");
    // A new commit re-stamps the binary; edits to the work tree do not. Git
    // names the files, as a linked worktree keeps HEAD apart from the refs
    // (a path that does not exist would re-run this script on every build).
    println!("cargo:rerun-if-changed=build.rs");
    for file in ["HEAD", "refs/heads", "packed-refs"] {
        if let Some(path) = output("git", &["rev-parse", "--git-path", file]) {
            if std::path::Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
}

/// The commit of the source tree, if it is a git checkout of this
/// workspace: a tarball unpacked inside some other repository is not.
fn commit() -> Option<String> {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let workspace = std::path::Path::new(&manifest)
        .join("../..")
        .canonicalize()
        .ok()?;
    let top = output("git", &["rev-parse", "--show-toplevel"])?;
    if std::path::Path::new(&top).canonicalize().ok()? != workspace {
        return None;
    }
    output("git", &["rev-parse", "--short=12", "HEAD"])
}
