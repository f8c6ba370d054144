//! Sharded runs: N shards run as separate processes, merged, print exactly what one process
//! prints (the same integers, the same document); a missing, doubled, foreign, damaged or
//! other-build shard is refused; the results cache is reused only for the same inputs and build.

mod common;

use std::path::{Path, PathBuf};

use common::{fails, ok, parsheet};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Runs `command` as `n` shards into `dir`, each its own process, and returns the files.
fn run_shards(dir: &Path, command: &[&str], n: u32) -> Vec<String> {
    (0..n)
        .map(|k| {
            let file = s(&dir.join(format!("shard-{k}.json")));
            let shard = format!("{k}/{n}");
            let mut args: Vec<&str> = command.to_vec();
            args.extend(["--shard", &shard, "--out", &file, "--no-cache"]);
            let out = parsheet(&args);
            assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(out.stdout.is_empty(), "a shard prints nothing on stdout");
            file
        })
        .collect()
}

/// The merged output equals the single run's, in every format asked.
fn merged_equals_single(name: &str, command: &[&str], n: u32, formats: &[&str]) -> (PathBuf, Vec<String>) {
    let dir = temp(name);
    let files = run_shards(&dir, command, n);
    for format in formats {
        let mut single: Vec<&str> = command.to_vec();
        single.extend(["--format", format, "--no-cache"]);
        let mut merge: Vec<&str> = vec!["merge"];
        merge.extend(files.iter().map(String::as_str));
        merge.extend(["--format", format, "--no-cache"]);
        assert_eq!(ok(&merge), ok(&single), "{name}: {n} shards merged, --format {format}");
    }
    (dir, files)
}

#[test]
fn a_side_bet_merges_to_the_single_run() {
    // Its pays include an Envy Bonus, so `analyze` answers with the progressive model.
    merged_equals_single("fortune", &["analyze", "face-up-pai-gow", "fortune-bonus", "--paytable", "1"], 3, &["json", "table"]);
}

#[test]
fn a_two_hand_joint_count_merges_to_the_single_run() {
    merged_equals_single("ace-high", &["analyze", "face-up-pai-gow", "ace-high-bonus", "--paytable", "2", "--variant", "straights-and-flushes-ignored"], 4, &["json", "csv"]);
}

#[test]
fn a_strategy_game_merges_to_the_single_run() {
    let command = ["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "foxwoods"];
    let (dir, files) = merged_equals_single("fupg", &command, 3, &["json", "table"]);

    // Refusals: a missing shard, a shard given twice, a shard of another computation.
    let e = fails(&["merge", &files[0], &files[2], "--no-cache"]);
    assert!(e.contains("missing") && e.contains("1/3"), "{e}");
    let e = fails(&["merge", &files[0], &files[1], &files[1], &files[2], "--no-cache"]);
    assert!(e.contains("both shard 1/3"), "{e}");
    let other = run_shards(&temp("fupg-other"), &["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "highest-high"], 3);
    let e = fails(&["merge", &files[0], &other[1], &files[2], "--no-cache"]);
    // The same computation in words, other inputs: the message names the inputs that differ,
    // not the same description twice.
    assert!(e.contains("different computations") && e.contains("house-way") && e.contains(" / with "), "{e}");
    let at = e.find("different computations (").unwrap() + "different computations (".len();
    let inside = &e[at..e[at..].find("): ").unwrap() + at];
    assert!(inside.split(" / ").collect::<std::collections::HashSet<_>>().len() == 2, "{e}");
    let four = run_shards(&temp("fupg-four"), &command, 4);
    let e = fails(&["merge", &files[0], &files[1], &four[2], "--no-cache"]);
    assert!(e.contains("share their N") || e.contains("different computations"), "{e}");

    // A damaged file, an edited one, and one another build counted (signed with the key, so
    // only its build tells).
    let bytes = std::fs::read(&files[1]).unwrap();
    let damaged = s(&dir.join("damaged.json"));
    std::fs::write(&damaged, &bytes[..bytes.len() / 2]).unwrap();
    let e = fails(&["merge", &files[0], &damaged, &files[2], "--no-cache"]);
    assert!(e.contains("damaged.json") && e.contains("not a signed parsheet count file"), "{e}");
    let edited = s(&dir.join("edited.json"));
    std::fs::write(&edited, String::from_utf8(bytes.clone()).unwrap().replacen("\"values\":", "\"values\": ", 1)).unwrap();
    let e = fails(&["merge", &files[0], &edited, &files[2], "--no-cache"]);
    assert!(e.contains("edited.json") && e.contains("signature does not match"), "{e}");
    let key = parsheet_store::SigningKey::open(&common::key_file()).unwrap();
    for f in &files {
        let mut doc = parsheet_store::CountFile::read(Path::new(f), &key).unwrap();
        doc.build = "0".repeat(64);
        std::fs::write(f, doc.to_bytes(&key)).unwrap();
        // The fingerprint is made again as the file format says (docs/JSON.md, "Count files").
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains(&fingerprint(&doc.computation, &doc.inputs, &doc.build)));
    }
    let e = fails(&["merge", &files[0], &files[1], &files[2], "--no-cache"]);
    assert!(e.contains("another build"), "{e}");
}

/// SHA-256 of the length-prefixed parts, as docs/JSON.md ("Count files") defines a fingerprint.
fn fingerprint(computation: &str, inputs: &str, build: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in ["parsheet counts v1", build, computation, inputs] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_main_game_decided_after_the_merge_merges_to_the_single_run() {
    // Heads-Up Hold 'Em: shards count flops; the pre-flop decision per hole class reads the
    // sums over every flop, so it is taken after the merge.
    merged_equals_single("heads-up", &["analyze", "heads-up-holdem", "base", "--variant", "odds-lose-below-pair"], 3, &["json"]);
}

#[test]
fn a_search_merges_to_the_single_run() {
    // Each shard searches its subtrees and keeps its best; the merge ranks them again. Shards
    // prune only against their own results, so they visit more nodes than one run: `nodes` is
    // their sum, everything else is the single run's.
    let command = ["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--search", "4%..6%", "--limit", "5"];
    let dir = temp("search");
    let files = run_shards(&dir, &command, 3);
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    merge.extend(["--format", "json", "--no-cache"]);
    let mut single = command.to_vec();
    single.extend(["--format", "json", "--no-cache"]);
    let without_nodes = |text: String| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let nodes: u64 = v["search"]["nodes"].as_str().unwrap().parse().unwrap();
        v["search"].as_object_mut().unwrap().remove("nodes");
        (v, nodes)
    };
    let (merged, merged_nodes) = without_nodes(ok(&merge));
    let (one, one_nodes) = without_nodes(ok(&single));
    assert_eq!(merged, one);
    assert_eq!(merged["search"]["complete"], serde_json::json!(true));
    assert_eq!(merged["search"]["candidates"].as_array().unwrap().len(), 5);
    assert!(merged_nodes >= one_nodes);
}

#[test]
fn shards_are_refused_where_they_do_not_apply() {
    let dir = temp("refused");
    let out = s(&dir.join("x.json"));
    let e = fails(&["analyze", "high-card-flush", "flush-bonus", "--paytable", "C", "--shard", "0/2", "--out", &out]);
    assert!(e.contains("does not split") && e.contains("fortune-bonus"), "{e}");
    let e = fails(&["strategy", "dj-wild", "--shard", "0/2", "--out", &out]);
    assert!(e.contains("does not split"), "{e}");
    for bad in ["2/2", "1/0", "x/2", "1/2/3"] {
        let e = fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", bad, "--out", &out]);
        assert!(e.contains("shard"), "{bad}: {e}");
    }
    let e = fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/2"]);
    assert!(e.contains("--out"), "{e}");
    // An existing file is kept unless --force.
    std::fs::write(&out, "keep").unwrap();
    let e = fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/2", "--out", &out]);
    assert!(e.contains("already exists") && e.contains("--force"), "{e}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep");
    ok(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/2", "--out", &out, "--force", "--no-cache"]);
    let e = fails(&["merge", &out, "--no-cache"]);
    assert!(e.contains("missing") && e.contains("1/2"), "{e}");
    let one = s(&dir.join("one-of-five.json"));
    ok(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--shard", "0/5", "--out", &one, "--no-cache"]);
    let e = fails(&["merge", &one, "--no-cache"]);
    assert!(e.contains("shards missing: 1-4/5"), "{e}");
    let e = fails(&["merge", &s(&dir.join("nothing.json"))]);
    assert!(e.contains("nothing.json"), "{e}");
    // What its merge would refuse is refused before anything is counted and no file is written:
    // --ways (it does not split), an option a merge does not run.
    let never = s(&dir.join("never.json"));
    let e = fails(&["strategy", "face-up-pai-gow", "--ways", "--shard", "0/2", "--out", &never, "--no-cache"]);
    assert!(e.contains("--ways") && e.contains("does not split"), "{e}");
    let e = fails(&["explore", "high-card-flush", "flush-bonus", "--paytable", "C", "--search", "4%..6%", "--line", "7-card-flush", "--shard", "0/2", "--out", &never]);
    assert!(e.contains("could never be merged") && e.contains("--line"), "{e}");
    assert!(!Path::new(&never).exists());
}

/// `-v` is this run's, not the computation's: not recorded, so the shards merge. Tables read
/// with `--with-tables` are recorded with their SHA-256, and the merge refuses if a file changed.
#[test]
fn verbose_shards_merge_and_added_tables_are_checked_by_digest() {
    let dir = temp("digest");
    let tables = dir.join("extra.json");
    // A Fortune Bonus paytable of its own beside the built-in ones (a wager that splits).
    let builtin: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables/face-up-pai-gow.json")).unwrap()).unwrap();
    let mut g = builtin.clone();
    let wagers = g["wagers"].as_array_mut().unwrap();
    wagers.retain(|w| w["id"] == "fortune-bonus");
    let w = &mut wagers[0];
    let mut table = w["paytables"][0].clone();
    table["id"] = "mine".into();
    w["paytables"] = serde_json::json!([table]);
    w["published"] = serde_json::json!([]);
    w["checks"] = serde_json::json!([]);
    std::fs::write(&tables, serde_json::to_string_pretty(&g).unwrap()).unwrap();
    let t = s(&tables);
    let mut files = Vec::new();
    for k in 0..2 {
        let f = s(&dir.join(format!("s{k}.json")));
        let shard = format!("{k}/2");
        let out = common::command().args(["-v", "analyze", "face-up-pai-gow", "fortune-bonus", "--with-tables", &t, "--paytable", "mine", "--shard", &shard, "--out", &f, "--no-cache"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(!text.contains("\"-v\"") && text.contains("--tables-sha256"), "{text}");
        // The digest is one of the shard's inputs too, so of its fingerprint.
        let inputs = serde_json::from_str::<serde_json::Value>(&text).unwrap()["inputs"].as_str().unwrap().to_string();
        assert!(inputs.lines().any(|l| l.starts_with("tables-sha256 = ") && l.contains("extra.json=")), "{inputs}");
        files.push(f);
    }
    let merged = ok(&["merge", &files[0], &files[1], "--no-cache", "--format", "json"]);
    assert_eq!(merged, ok(&["analyze", "face-up-pai-gow", "fortune-bonus", "--with-tables", &t, "--paytable", "mine", "--no-cache", "--format", "json"]));
    // The added file changed after the shards were counted: refused, naming it.
    std::fs::write(&tables, serde_json::to_string(&g).unwrap()).unwrap();
    let e = fails(&["merge", &files[0], &files[1], "--no-cache"]);
    assert!(e.contains("have changed since the shards were counted") && e.contains("extra.json"), "{e}");
}

#[test]
fn the_cache_is_reused_only_for_the_same_inputs() {
    let dir = temp("cache");
    let cache = s(&dir.join("cache"));
    let command = ["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "foxwoods", "--format", "json", "--cache", &cache];
    let run = |args: &[&str]| {
        // -v: stderr says where counts came from.
        let out = common::command().arg("-v").args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let (first, err) = run(&command);
    assert!(!err.contains("reused"), "{err}");
    let (second, err) = run(&command);
    assert_eq!(first, second);
    assert!(err.contains("reused from the cache"), "{err}");
    // Another house way is another computation.
    let (_, err) = run(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "highest-high", "--cache", &cache]);
    assert!(!err.contains("reused"), "{err}");

    // An entry from another build is never used, nor a damaged one; both are recomputed.
    // Two entries per house way: the setting it gives each hand, and the counts against it.
    let entries: Vec<PathBuf> = std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(entries.len(), 4, "{entries:?}");
    for e in &entries {
        let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(e).unwrap()).unwrap();
        doc["build"] = serde_json::json!("0".repeat(64));
        std::fs::write(e, doc.to_string()).unwrap();
    }
    let (third, err) = run(&command);
    assert_eq!(first, third);
    assert!(!err.contains("reused from the cache") && err.contains("ignoring the cache entry") && err.contains("signature"), "{err}");
    let (_, err) = run(&command);
    assert!(err.contains("reused from the cache"), "recomputed counts are kept again: {err}");

    // A merge keeps its counts in the cache, where a later run finds them.
    let shards = temp("cache-shards");
    let files = run_shards(&shards, &["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "highest-high"], 2);
    let merge_cache = s(&dir.join("merged"));
    ok(&["merge", &files[0], &files[1], "--cache", &merge_cache]);
    let (_, err) = run(&["strategy", "face-up-pai-gow", "--deck", "AKQJT/3/joker", "--house-way", "highest-high", "--cache", &merge_cache]);
    assert!(err.contains("reused from the cache"), "{err}");
}

#[test]
fn a_second_report_reuses_the_counts_and_a_changed_paytable_recomputes_only_what_reads_it() {
    let dir = temp("report");
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    for e in std::fs::read_dir(&source).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            std::fs::copy(&p, tables.join(p.file_name().unwrap())).unwrap();
        }
    }
    // Without Face Up Pai Gow's main game: its house ways cost minutes of counting with an
    // empty cache, and the side bets of that game show reuse as well.
    let fupg = tables.join("face-up-pai-gow.json");
    let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&fupg).unwrap()).unwrap();
    doc["wagers"].as_array_mut().unwrap().retain(|w| w["id"] != "base");
    std::fs::write(&fupg, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let cache = s(&dir.join("cache"));
    let report = |out: &str| {
        let out = s(&dir.join(out));
        let args = ["-v", "report", "--tables", &s(&tables), "--cache", &cache, "--out", &out];
        let run = parsheet(&args);
        assert!(run.status.success(), "{args:?}: {}", String::from_utf8_lossy(&run.stderr));
        (std::fs::read_to_string(Path::new(&out).join("report.json")).unwrap(), String::from_utf8(run.stderr).unwrap())
    };
    let reused = |err: &str, what: &str| err.lines().any(|l| l.contains("reused from the cache") && l.contains(what));
    let (first, err) = report("r1");
    // With an empty cache only what this run counted is reused: High Card Flush's tally, counted
    // for the main game's strategy and read back for its side bets.
    for line in err.lines().filter(|l| l.contains("reused")) {
        assert!(line.contains("reused from the cache: high-card-flush base"), "{err}");
    }
    assert!(!reused(&err, "heads-up-holdem base") && !reused(&err, "face-up-pai-gow"), "{err}");
    let (second, err) = report("r2");
    // Equal but for the provenance (the date and the command differ).
    let without_provenance = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        v.as_object_mut().unwrap().remove("provenance").expect("a provenance");
        v
    };
    assert_eq!(without_provenance(&first), without_provenance(&second), "the same report from kept counts");
    for what in ["heads-up-holdem base", "face-up-pai-gow fortune-bonus", "face-up-pai-gow ace-high-bonus", "face-up-pai-gow progressive"] {
        assert!(reused(&err, what), "{what} not reused: {err}");
    }
    // The Odds paytable changes the Heads-Up Hold 'Em strategy: only that game is counted again.
    let file = tables.join("heads-up-holdem.json");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"500 to 1\""));
    std::fs::write(&file, text.replacen("\"500 to 1\"", "\"400 to 1\"", 1)).unwrap();
    let (third, err) = report("r3");
    assert_ne!(first, third);
    assert!(!reused(&err, "heads-up-holdem base"), "{err}");
    for what in ["face-up-pai-gow fortune-bonus", "face-up-pai-gow ace-high-bonus", "face-up-pai-gow progressive"] {
        assert!(reused(&err, what), "{what} not reused: {err}");
    }
}
