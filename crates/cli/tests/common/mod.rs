//! Running the `parsheet` binary from the integration tests.

#![allow(dead_code)]

use std::process::{Command, Output};

pub fn parsheet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parsheet")).args(args).output().unwrap()
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
