//! Issue 23, the parts about output and input: `--force` never replaces what is not a regular
//! file, two reports into one directory cannot leave a broken one, no `--pays` or table file
//! changes a figure without a word, and no name in a file reaches a page or the terminal raw.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{fails, ok, parsheet};

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
