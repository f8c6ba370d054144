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

/// Counts Face Up Pai Gow's main game against the built-in house ways into the tests' cache, once
/// per test program (later programs find it there): tests that run in parallel would otherwise
/// each count it.
pub fn warm_face_up_pai_gow() {
    static DONE: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        // The setting table, the default way's count and every built-in way's, then the
        // natural-ace-only reading from the text's count (verify counts both readings in one
        // process): what verify, explain and the report read.
        for args in [&["strategy", "face-up-pai-gow", "--ways", "--format", "json"][..], &["verify", "face-up-pai-gow", "--format", "json"]] {
            let out = command().args(args).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
    });
}

/// Whether a command reads Face Up Pai Gow's main game against the default house way.
fn needs_face_up_pai_gow(args: &[&str]) -> bool {
    let Some(at) = args.iter().position(|a| !a.starts_with('-')) else { return false };
    // `verify GAME` and `explain GAME` read Face Up Pai Gow only when GAME is it.
    let other_game = args.get(at + 1).is_some_and(|g| !g.starts_with('-') && *g != "face-up-pai-gow");
    let main_game = (args[at] == "analyze" && args.contains(&"face-up-pai-gow") && args.contains(&"base")) || args.contains(&"--ways");
    ((matches!(args[at], "verify" | "explain" | "report") && !other_game) || main_game) && !args.iter().any(|a| *a == "--tables" || *a == "--house-way" || *a == "--no-cache" || *a == "--cache")
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
