//! Running the `parsheet` binary from the integration tests.

#![allow(dead_code)]

pub mod cdp;

use std::process::{Command, Output};

/// The binary, with the tests' own signing key (created on first use, shared by every test)
/// and their own results cache (shared by every test that names no other), so the full-deck
/// Face Up Pai Gow count that `verify`, `explain` and `report` need is made once per test run.
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_parsheet"));
    c.env("PARSHEET_KEY_FILE", key_file()).env("PARSHEET_CACHE", cache_dir());
    c
}

/// The results cache of the tests.
pub fn cache_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("parsheet-test-cache")
}

/// Counts Face Up Pai Gow's main game against the default house way into the tests' cache, once
/// per test program (later programs find it there): tests that run in parallel would otherwise
/// each count it.
pub fn warm_face_up_pai_gow() {
    static DONE: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        let out = command().args(["strategy", "face-up-pai-gow", "--format", "json"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    });
}

/// Whether a command reads Face Up Pai Gow's main game against the default house way.
fn needs_face_up_pai_gow(args: &[&str]) -> bool {
    let Some(command) = args.iter().find(|a| !a.starts_with('-')) else { return false };
    matches!(*command, "verify" | "explain" | "report") && !args.iter().any(|a| *a == "--tables" || *a == "--house-way" || *a == "--no-cache" || *a == "--cache")
}

/// The key file the tests' runs sign and check count files with.
pub fn key_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("parsheet-test-key")
}

pub fn parsheet(args: &[&str]) -> Output {
    if needs_face_up_pai_gow(args) {
        warm_face_up_pai_gow();
    }
    command().args(args).output().unwrap()
}

/// Stdout of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let out = parsheet(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Stderr of a run that must fail cleanly: non-zero exit, nothing on stdout, no panic.
pub fn fails(args: &[&str]) -> String {
    let out = parsheet(args);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout: {}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}
