//! Running the `parsheet` binary from the integration tests.

#![allow(dead_code)]

use std::process::{Command, Output};

/// The binary, with the tests' own signing key (created on first use, shared by every test).
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_parsheet"));
    c.env("PARSHEET_KEY_FILE", key_file());
    c
}

/// The key file the tests' runs sign and check count files with.
pub fn key_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("parsheet-test-key")
}

pub fn parsheet(args: &[&str]) -> Output {
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
