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
    let commit =
        output("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let profile = std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into());
    let opt = std::env::var("OPT_LEVEL").unwrap_or_else(|_| "?".into());
    println!("cargo:rustc-env=NQUEENS_RUSTC={version}");
    println!("cargo:rustc-env=NQUEENS_COMMIT={commit}");
    println!("cargo:rustc-env=NQUEENS_PROFILE={profile} (opt-level {opt})");
    // A new commit re-stamps the binary; edits to the work tree do not.
    for path in [
        "../../.git/HEAD",
        "../../.git/refs/heads",
        "../../.git/packed-refs",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
}
