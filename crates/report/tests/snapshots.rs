//! Snapshots of the rendered report for a few small wagers: any change in a figure or in how it
//! is rendered shows as a diff against `tests/snapshots/`. Run with `UPDATE_SNAPSHOTS=1` to accept
//! a change (and say why in the commit).

use parsheet_app::report::{wager, WagerSection};
use parsheet_app::verify::{Context, Counted};

fn wager_report(game: &str, id: &str) -> WagerSection {
    let games = parsheet_tables::builtin().unwrap();
    let g = games.iter().find(|g| g.game == game).unwrap();
    let w = g.wagers.iter().find(|w| w.id == id).unwrap();
    let way = parsheet_app::main_game::house_way_choice(None, &games).unwrap();
    wager(g, w, &mut Counted::new(), 100_000, &Context { house_way: &way }).unwrap()
}

fn snapshot(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no snapshot {}; run with UPDATE_SNAPSHOTS=1", path.display()));
    if expected != actual {
        let diff: Vec<String> = expected.lines().zip(actual.lines()).enumerate().filter(|(_, (e, a))| e != a).take(10).map(|(i, (e, a))| format!("line {}:\n  - {e}\n  + {a}", i + 1)).collect();
        panic!("{name} changed ({} vs {} lines):\n{}", expected.lines().count(), actual.lines().count(), diff.join("\n"));
    }
}

#[test]
fn over_under_bonus_markdown_and_json() {
    let w = wager_report("over-under", "bonus");
    snapshot("over-under-bonus.md", &parsheet_report::render::wager_markdown(&w));
    snapshot("over-under-bonus.json", &(serde_json::to_string_pretty(&w).unwrap() + "\n"));
}

#[test]
fn over_under_main_game_strategy_markdown() {
    snapshot("over-under-base.md", &parsheet_report::render::wager_markdown(&wager_report("over-under", "base")));
}

#[test]
fn saigon_bonus_markdown() {
    snapshot("saigon-5-card-bonus.md", &parsheet_report::render::wager_markdown(&wager_report("saigon-5-card", "bonus")));
}

#[test]
fn flush_bonus_markdown() {
    snapshot("high-card-flush-flush-bonus.md", &parsheet_report::render::wager_markdown(&wager_report("high-card-flush", "flush-bonus")));
}
