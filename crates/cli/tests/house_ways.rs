//! A house way that leaves a hand unset is refused, with the hand named, before anything is
//! solved or written: on reduced decks too (it once panicked there), and by `verify` and
//! `report` (which once exited 0 with the error inside their output, replacing the report).

mod common;

use common::fails;

/// A way with one rule, for complete hands only: every other hand is left unset.
const PARTIAL: &str = r#"{"schema": 1, "id": "partial", "title": "complete hands only", "source": "a test", "adaptations": [], "options": [],
 "rules": [{"name": "complete", "when": {"complete": true}, "plays": [{"prefer": "high"}]}]}"#;

#[test]
fn a_way_that_leaves_a_hand_unset_is_refused_before_anything_runs() {
    let dir = std::env::temp_dir().join(format!("parsheet-house-ways-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let way = dir.join("partial.json");
    std::fs::write(&way, PARTIAL).unwrap();
    let way = way.display().to_string();

    let e = fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", &way, "--no-cache"]);
    assert!(e.contains("house way partial") && e.contains("unset"), "{e}");
    let e = fails(&["verify", "--house-way", &way, "--no-cache"]);
    assert!(e.contains("unset"), "{e}");

    // A previous report stays as it was.
    let out = dir.join("report");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join(".parsheet-report"), "marker").unwrap();
    std::fs::write(out.join("index.html"), "the previous report").unwrap();
    let e = fails(&["report", "--house-way", &way, "--out", &out.display().to_string(), "--no-cache"]);
    assert!(e.contains("unset"), "{e}");
    assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "the previous report");
    std::fs::remove_dir_all(&dir).unwrap();
}
