//! `parsheet strategy GAME --format csv` and `--replay FILE`: the complete strategy written as
//! data and played back reproduces the solver's edge (`strategy --format json`), and an edited
//! plan costs exactly what the solver's own option values say (its decision table's exact value
//! of each play of the class edited). Bad files are refused naming the file, line and problem.

mod common;

use common::{fails, ok};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

fn rational(v: &Value) -> BigRational {
    let s = v.as_str().unwrap_or_else(|| panic!("{v} is not an exact number"));
    match s.split_once('/') {
        Some((n, d)) => BigRational::new(n.parse().unwrap(), d.parse().unwrap()),
        None => BigRational::from_integer(s.parse::<BigInt>().unwrap()),
    }
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-replays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn over_under_csv_replays_to_the_solvers_edge_and_an_edit_costs_the_solvers_difference() {
    let s: Value = serde_json::from_str(&ok(&["strategy", "over-under", "--format", "json"])).unwrap();
    let csv = ok(&["strategy", "over-under", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("class,situation,action,deals"));
    let path = write("ou.csv", &csv);
    let r: Value = serde_json::from_str(&ok(&["strategy", "over-under", "--replay", path.to_str().unwrap(), "--format", "json"])).unwrap();
    assert_eq!(rational(&r["figures"]["house_edge_per_ante"]), rational(&s["house_edge"]));
    assert_eq!(rational(&r["figures"]["cost_per_ante"]), BigRational::from_integer(0.into()));
    // First card 5 played over 23 instead: the solver's decision table values both plays.
    let d = s["decisions"].as_array().unwrap().iter().find(|d| d["situation"] == "first card 5").unwrap();
    let value = |play: &str| rational(&d["options"].as_array().unwrap().iter().find(|o| o["play"] == play).unwrap()["expected_net"]);
    let chosen = d["play"].as_str().unwrap();
    assert_ne!(chosen, "over-23");
    let share = rational(&d["deals"]) / rational(&s["cycle"]);
    let edited: String = csv.lines().map(|l| if l.starts_with("first-5,") { l.replace(chosen, "over-23") } else { l.to_string() } + "\n").collect();
    let path = write("ou-edited.csv", &edited);
    let r: Value = serde_json::from_str(&ok(&["strategy", "over-under", "--replay", path.to_str().unwrap(), "--format", "json"])).unwrap();
    assert_eq!(rational(&r["figures"]["cost_per_ante"]), share * (value(chosen) - value("over-23")));
    // The table view says the same in words.
    assert!(ok(&["strategy", "over-under", "--replay", path.to_str().unwrap()]).contains("costs"));
}

#[test]
fn bad_plan_files_are_refused_by_file_line_and_problem() {
    let no_column = write("no-column.csv", "class,play\nfirst-2,under-18\n");
    assert!(fails(&["strategy", "over-under", "--replay", no_column.to_str().unwrap()]).contains("no column \"action\""));
    let unknown = write("unknown.csv", &(ok(&["strategy", "over-under", "--format", "csv"]) + "first-1,x,over-23,0\n"));
    assert!(fails(&["strategy", "over-under", "--replay", unknown.to_str().unwrap()]).contains("first-1"));
    let twice = write("twice.csv", "class,action\nfirst-2,under-18\nfirst-2,over-23\n");
    assert!(fails(&["strategy", "over-under", "--replay", twice.to_str().unwrap()]).contains("twice"));
    let open = write("open.csv", "class,action\n\"first-2,under-18\n");
    assert!(fails(&["strategy", "over-under", "--replay", open.to_str().unwrap()]).contains("line 2"));
    let csv = ok(&["strategy", "over-under", "--format", "csv"]).replace("first-7,first card 7,over-23", "first-7,first card 7,hit");
    let action = write("action.csv", &csv);
    let e = fails(&["strategy", "over-under", "--replay", action.to_str().unwrap()]);
    assert!(e.contains("first-7") && e.contains("\"hit\""), "{e}");
    assert!(fails(&["strategy", "face-up-pai-gow", "--replay", action.to_str().unwrap()]).contains("not a list"));
}

/// A replay saved by Excel (UTF-8 with a byte-order mark) reads as the same plan; a FIFO or a
/// device is refused at once, not read until memory runs out or a writer comes.
#[test]
fn a_bom_is_read_as_excel_saves_it_and_no_replay_hangs() {
    let csv = ok(&["strategy", "over-under", "--format", "csv"]);
    let plain = write("plain.csv", &csv);
    let bom = write("bom.csv", &format!("\u{feff}{csv}"));
    let figures = |p: &std::path::Path| serde_json::from_str::<Value>(&ok(&["strategy", "over-under", "--replay", p.to_str().unwrap(), "--format", "json"])).unwrap()["figures"].clone();
    assert_eq!(figures(&bom), figures(&plain));
    let e = fails(&["strategy", "over-under", "--replay", "/dev/zero"]);
    assert!(e.contains("/dev/zero") && e.contains("character device") && e.contains("a replay file must be a plain file"), "{e}");
    let fifo = plain.with_file_name("plan-fifo.csv");
    let _ = std::fs::remove_file(&fifo);
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let e = fails(&["strategy", "over-under", "--replay", fifo.to_str().unwrap()]);
    assert!(e.contains("FIFO"), "{e}");
}
