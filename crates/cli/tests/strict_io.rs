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
                common::command()
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

/// The JSON of `analyze`.
fn analyze_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["analyze"];
    all.extend(args);
    all.extend(["--format", "json"]);
    serde_json::from_str(&ok(&all)).unwrap()
}

#[test]
fn pays_name_only_outcomes_of_the_wager() {
    // Before: the misspelt line paid nothing (5.521488% instead of 3.467376%), exit 0.
    for bogus in ["fullhouse=3 to 1", "bogus=1 to 1"] {
        let e = fails(&["analyze", "dj-wild", "base", "--paytable", "default", "--pays", bogus]);
        assert!(e.contains("is not an outcome of dj-wild blind") && e.contains("full-house, flush"), "{e}");
    }
    // The line typed as the table has it changes nothing: the same figures as the table itself.
    let base = analyze_json(&["dj-wild", "base"]);
    let same = analyze_json(&["dj-wild", "base", "--paytable", "default", "--pays", "full-house=3 to 1"]);
    assert_eq!(same["house_edge"], base["house_edge"]);
    assert_eq!(same["paytable"], "default+pays");
    // A better full house lowers the edge.
    let better = analyze_json(&["dj-wild", "base", "--paytable", "default", "--pays", "full-house=4 to 1"]);
    let edge = |v: &serde_json::Value| -> (i128, i128) {
        let (n, d) = v["house_edge"].as_str().unwrap().split_once('/').unwrap();
        (n.parse().unwrap(), d.parse().unwrap())
    };
    let ((n1, d1), (n0, d0)) = (edge(&better), edge(&base));
    assert!(n1 * d0 < n0 * d1, "{} vs {}", better["house_edge"], base["house_edge"]);
    assert_eq!(better["changed_lines"], serde_json::json!([{"outcome": "full-house", "pays": "4 to 1", "was": "3 to 1"}]));
}

/// High Card Flush's Flush Bonus: the longest suit of 7 cards of 52, per the published
/// distribution (tables/high-card-flush.json's note: 6,864; 267,696; 3,814,668; 26,137,540 of
/// 133,784,560), and the house edge of pays `to_1` on the 7-, 6-, 5- and 4-card flush (`None`:
/// the line loses), as an exact fraction in lowest terms.
fn flush_bonus_edge(to_1: [Option<i128>; 4]) -> String {
    let counts: [i128; 4] = [6_864, 267_696, 3_814_668, 26_137_540];
    let cycle: i128 = 133_784_560;
    let net: i128 = counts.iter().zip(to_1).map(|(n, p)| n * p.unwrap_or(-1)).sum::<i128>() - (cycle - counts.iter().sum::<i128>());
    let (mut a, mut b) = (-net, cycle);
    let g = {
        let (mut x, mut y) = (a.abs(), b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    a /= g;
    b /= g;
    format!("{a}/{b}")
}

#[test]
fn pays_on_a_paytable_change_only_the_lines_named_and_say_so() {
    // Paytable C is 200, 60, 12 and 1 to 1; the 4-card flush raised to 2 to 1.
    let v = analyze_json(&["high-card-flush", "flush-bonus", "--paytable", "C", "--pays", "4-card-flush=2 to 1"]);
    assert_eq!(v["house_edge"], flush_bonus_edge([Some(200), Some(60), Some(12), Some(2)]));
    assert_eq!(v["paytable"], "C+pays");
    assert_eq!(v["changed_lines"], serde_json::json!([{"outcome": "4-card-flush", "pays": "2 to 1", "was": "1 to 1"}]));
    let args = ["analyze", "high-card-flush", "flush-bonus", "--paytable", "C", "--pays", "4-card-flush=2 to 1", "--format"];
    for format in ["table", "md", "csv"] {
        let mut a = args.to_vec();
        a.push(format);
        let out = ok(&a);
        assert!(out.contains("C+pays") && out.contains("4-card-flush 2 to 1 (was 1 to 1)"), "{format}: {out}");
    }
    // Without it, nothing is said.
    let out = ok(&["analyze", "high-card-flush", "flush-bonus", "--paytable", "C", "--format", "csv"]);
    assert!(!out.contains("was") && !out.contains("pays)"), "{out}");
}

#[test]
fn pays_without_a_paytable_name_every_outcome() {
    // Before: the three lines left out lost without a word (98.46% house edge).
    let e = fails(&["analyze", "high-card-flush", "flush-bonus", "--pays", "7-card-flush=300 to 1"]);
    assert!(e.contains("6-card-flush, 5-card-flush, 4-card-flush") && e.contains("=loses") && e.contains("--paytable"), "{e}");
    let v = analyze_json(&["high-card-flush", "flush-bonus", "--pays", "7-card-flush=300 to 1,6-card-flush=loses,5-card-flush=loses,4-card-flush=loses"]);
    assert_eq!(v["house_edge"], flush_bonus_edge([Some(300), None, None, None]));
    assert_eq!(v["paytable"], "custom");
    // The README's table A, whole: its published-distribution edge.
    let v = analyze_json(&["high-card-flush", "flush-bonus", "--pays", "7-card-flush=300 to 1,6-card-flush=100 to 1,5-card-flush=10 to 1,4-card-flush=1 to 1"]);
    assert_eq!(v["house_edge"], flush_bonus_edge([Some(300), Some(100), Some(10), Some(1)]));
}

#[test]
fn pays_take_commas_only_between_items_and_in_thousands() {
    let all = |seven: &str| format!("7-card-flush={seven},6-card-flush=100 to 1,5-card-flush=10 to 1,4-card-flush=1 to 1");
    let v = analyze_json(&["high-card-flush", "flush-bonus", "--pays", &all("1,000 to 1")]);
    assert_eq!(v["house_edge"], flush_bonus_edge([Some(1000), Some(100), Some(10), Some(1)]));
    // Before: 10000 to 1 and 1000 to 1, silently.
    for (bad, write) in [("1,0000 to 1", "10000"), ("10,00 to 1", "1000")] {
        let e = fails(&["analyze", "high-card-flush", "flush-bonus", "--pays", &all(bad)]);
        assert!(e.contains("item 1") && e.contains("groups of three") && e.contains(write), "{e}");
    }
    // An item without "=" is named, not glued to the pay before it.
    let e = fails(&["analyze", "high-card-flush", "flush-bonus", "--pays", "7-card-flush=300 to 1,6-card-flush 100 to 1,5-card-flush=10 to 1,4-card-flush=1 to 1"]);
    assert!(e.contains("\"6-card-flush 100 to 1\"") && e.contains("no \"=\""), "{e}");
}

/// Markup a hostile table file may carry in its free text.
const HOSTILE: &str = "<script>alert(1)</script> <img src=x onerror=alert(2)> [link](javascript:alert(3)) a|b `tick` & *em*";

/// Over/Under with `text` in every free-text field of the file.
fn hostile_tables(name: &str, text: &str) -> PathBuf {
    let dir = scratch(name);
    let mut doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables/over-under.json")).unwrap()).unwrap();
    doc["title"] = text.into();
    doc["chapter"] = text.into();
    doc["rulemaking"] = text.into();
    for w in doc["wagers"].as_array_mut().unwrap() {
        w["title"] = text.into();
        w["section"] = text.into();
        w["notes"] = serde_json::json!([text]);
        for p in w["paytables"].as_array_mut().unwrap() {
            p["section"] = text.into();
            p["notes"] = serde_json::json!([text]);
            p["terms"] = serde_json::json!({"wager": text});
            for l in p["lines"].as_array_mut().unwrap() {
                l["hand"] = format!("{text} {}", l["outcome"].as_str().unwrap()).into();
                l["note"] = text.into();
            }
        }
        for f in w["published"].as_array_mut().unwrap() {
            f["section"] = text.into();
            f["quote"] = text.into();
            f["note"] = text.into();
        }
        for c in w["checks"].as_array_mut().into_iter().flatten() {
            c["note"] = text.into();
        }
    }
    fs::write(dir.join("over-under.json"), doc.to_string()).unwrap();
    dir
}

/// Every file under `dir`, with its text (the workbook as lossy text).
fn texts(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            if e.file_type().unwrap().is_dir() {
                stack.push(e.path());
            } else {
                out.push((e.path(), String::from_utf8_lossy(&fs::read(e.path()).unwrap()).into_owned()));
            }
        }
    }
    out
}

#[test]
fn markup_in_a_table_file_is_escaped_in_the_html_and_markdown_report() {
    let tables = hostile_tables("markup", HOSTILE);
    let dir = scratch("markup-out");
    let out = dir.join("report");
    ok(&["report", "--tables", tables.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    for (path, text) in texts(&out) {
        let name = path.display().to_string();
        if name.ends_with(".html") || name.ends_with(".md") {
            for raw in ["<script", "<img"] {
                assert!(!text.contains(raw), "{name} holds {raw:?} raw");
            }
        }
        if name.ends_with(".md") {
            // A link only Markdown makes.
            assert!(!text.contains("[link](javascript:"), "{name} holds a link");
        }
        if name.ends_with(".md") {
            // Escaped, not dropped: the text is there to read.
            assert!(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && text.contains("\\[link\\]"), "{name}");
            // A pipe in a name cannot add a column to a Markdown table.
            for line in text.lines().filter(|l| l.starts_with("| ") && l.contains("onerror")) {
                assert!(!line.contains("a|b"), "{name}: {line}");
            }
        }
    }
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&tables).unwrap();
}

#[test]
fn control_characters_never_reach_the_terminal() {
    // In a table file's text: refused at load, the error naming the field with the character
    // escaped.
    let tables = hostile_tables("control", "red \u{1b}[31m title\u{7}");
    let e = fails(&["analyze", "over-under", "bonus", "--tables", tables.to_str().unwrap()]);
    assert!(e.contains("control character") && e.contains("title"), "{e}");
    assert!(!e.chars().any(|c| c.is_control() && c != '\n'), "{e:?}");
    fs::remove_dir_all(&tables).unwrap();
    let tables = hostile_tables("bidi", "safe\u{202e}txt.exe");
    let e = fails(&["analyze", "over-under", "bonus", "--tables", tables.to_str().unwrap()]);
    assert!(e.contains("bidirectional formatting character U+202E") && !e.contains('\u{202e}'), "{e}");
    fs::remove_dir_all(&tables).unwrap();
    // In the name of a table file: printed escaped.
    let dir = scratch("control-name");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables/over-under.json"), dir.join("over\u{1b}[2J-under.json")).unwrap();
    let out = ok(&["list", "--tables", dir.to_str().unwrap()]);
    assert!(out.contains("over-under") && !out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    // Typed on the command line and echoed in an error.
    let e = fails(&["analyze", "over-under", "bonus", "--pays", "6-or-33\u{1b}[2J=50 to 1"]);
    assert!(!e.chars().any(|c| c.is_control() && c != '\n'), "{e:?}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pays_on_a_meter_wager_change_its_model_not_ignored() {
    // Before: the figures of paytable A, as if nothing had been typed. Now the model reads the
    // changed table: a 3-card straight flush at 5 for 1 instead of 3 for 1 returns 2 units more
    // on each of its 7,940,748 hands of 133,784,560 (the published seven-card straight-flush
    // counts, tables/high-card-flush.json), at every meter.
    let a = analyze_json(&["high-card-flush", "progressive", "--paytable", "A"]);
    let b = analyze_json(&["high-card-flush", "progressive", "--paytable", "A", "--pays", "3-card-straight-flush=5 for 1"]);
    assert_eq!(b["paytable"], "A+pays");
    let at_reset = |v: &serde_json::Value| -> (i128, i128) {
        let (n, d) = v["progressive"]["payback_at_reset"].as_str().unwrap().split_once('/').unwrap();
        (n.parse().unwrap(), d.parse().unwrap())
    };
    let ((na, da), (nb, db)) = (at_reset(&a), at_reset(&b));
    // b − a = 2 · 7940748 / 133784560
    assert_eq!((nb * da - na * db) * 133_784_560, 2 * 7_940_748 * da * db, "{} vs {}", b["progressive"]["payback_at_reset"], a["progressive"]["payback_at_reset"]);
}
