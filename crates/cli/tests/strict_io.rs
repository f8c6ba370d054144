//! Issue 23, the parts about output and input: `--force` never replaces what is not a regular
//! file, two reports into one directory cannot leave a broken one, no `--pays` or table file
//! changes a figure without a word, and no name in a file reaches a page or the terminal raw.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{fails, parsheet};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-strict-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
#[cfg(unix)]
fn force_onto_a_device_node_is_refused_and_the_node_survives() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("device");
    let node = dir.join("null");
    // A private node with the numbers of /dev/null; only root may make one.
    let made = std::process::Command::new("mknod").arg(&node).args(["c", "1", "3"]).status().is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipping: mknod needs root (the same refusal is tested on a FIFO below)");
    }
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for (target, what) in [(&node, "device"), (&fifo, "FIFO")] {
        if fs::symlink_metadata(target).is_err() {
            continue;
        }
        let t = target.to_str().unwrap();
        let e = fails(&["explore", "over-under", "bonus", "--target-edge", "5%", "--line", "6-or-33", "--write", t, "--force"]);
        assert!(e.contains(what) && e.contains("regular file"), "{e}");
        let kind = fs::symlink_metadata(target).unwrap().file_type();
        assert!(kind.is_char_device() || kind.is_fifo(), "{t} is still what it was");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A `--tables` directory holding only Over/Under: its report takes a fraction of a second.
fn over_under_tables(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables/over-under.json"), dir.join("over-under.json")).unwrap();
    dir
}

/// What a complete report holds: the marker and the files every format writes.
fn assert_complete(out: &Path) {
    for f in [".parsheet-report", "report.json", "report.md", "report.xlsx", "summary.csv", "index.html"] {
        assert!(out.join(f).is_file(), "{} lacks {f}", out.display());
    }
    let json: serde_json::Value = serde_json::from_str(&fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(json["games"][0]["game"], "over-under");
}

#[test]
fn reports_run_at_once_into_one_directory_never_leave_a_broken_one() {
    let tables = over_under_tables("race-tables");
    let dir = scratch("race");
    let out = dir.join("report");
    for trial in 0..6 {
        let children: Vec<_> = (0..4)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_parsheet"))
                    .args(["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let mut succeeded = 0;
        for c in children {
            let o = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.success() {
                succeeded += 1;
            } else {
                // The only way to fail: another run holds the directory, named by its pid.
                assert!(err.contains("is being written by another parsheet run (pid "), "trial {trial}: {err}");
            }
        }
        assert!(succeeded >= 1, "trial {trial}: one run at least wrote the report");
        assert_complete(&out);
        let left: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().into_string().unwrap()).filter(|n| n != "report").collect();
        assert!(left.is_empty(), "trial {trial}: left beside the report: {left:?}");
    }
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&tables).unwrap();
}

#[test]
#[cfg(unix)]
fn a_report_lock_held_is_refused_at_once_and_a_stale_one_is_taken_over() {
    use std::io::Write;
    let tables = over_under_tables("lock-tables");
    let dir = scratch("lock");
    let out = dir.join("report");
    let lock = dir.join("report.lock");
    let run = || parsheet(&["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    // A run that is going on: this process holds the lock, as a report run does.
    let mut held = fs::OpenOptions::new().read(true).write(true).create_new(true).open(&lock).unwrap();
    rustix::fs::flock(&held, rustix::fs::FlockOperation::NonBlockingLockExclusive).unwrap();
    writeln!(held, "{}", std::process::id()).unwrap();
    let o = run();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains(&format!("pid {}", std::process::id())) && err.contains("report.lock"), "{err}");
    assert!(!out.exists() && lock.exists(), "nothing written, the other run's lock kept");
    drop(held);
    // The run died and left its lock and a half-written report beside the directory: both are
    // cleared by the next run.
    let leftover = dir.join(".report.tmp-999999-1");
    fs::create_dir_all(leftover.join("csv")).unwrap();
    fs::write(leftover.join("index.html"), "half").unwrap();
    assert!(run().status.success(), "the stale lock is taken over");
    assert_complete(&out);
    assert!(!lock.exists() && !leftover.exists(), "the lock is removed at the end, the leftover with it");
    // On error too the lock goes: a report the run may not replace.
    let e = fails(&["report", "--tables", tables.to_str().unwrap(), "--out", tables.to_str().unwrap()]);
    assert!(e.contains("not a parsheet report"), "{e}");
    assert!(!tables.with_extension("lock").exists(), "the lock beside {} is removed", tables.display());
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&tables).unwrap();
}
