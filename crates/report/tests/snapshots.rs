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
    snapshot("over-under-bonus.md", &parsheet_report::render::wager_markdown(&w, parsheet_report::Place::InReport));
    snapshot("over-under-bonus.json", &(serde_json::to_string_pretty(&w).unwrap() + "\n"));
}

#[test]
fn over_under_main_game_strategy_markdown() {
    snapshot("over-under-base.md", &parsheet_report::render::wager_markdown(&wager_report("over-under", "base"), parsheet_report::Place::InReport));
}

#[test]
fn saigon_bonus_markdown() {
    snapshot("saigon-5-card-bonus.md", &parsheet_report::render::wager_markdown(&wager_report("saigon-5-card", "bonus"), parsheet_report::Place::InReport));
}

#[test]
fn flush_bonus_markdown() {
    snapshot("high-card-flush-flush-bonus.md", &parsheet_report::render::wager_markdown(&wager_report("high-card-flush", "flush-bonus"), parsheet_report::Place::InReport));
}

/// A house-way record made by hand (Face Up Pai Gow's own takes minutes to count): two ways, one
/// with the house-way player not counted and an option list that needs CSV quoting.
fn house_ways_record() -> parsheet_app::house_ways::HouseWaysAnalysis {
    use num_rational::BigRational;
    use parsheet_app::house_ways::{HouseWaysAnalysis, WayRow};
    use parsheet_app::{Assumption, Basis, Exact, Figure, Figures};
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let per_ante = |net: BigRational| Figures::new(vec![Figure::of_net(Basis::PerAnte, &net)], Basis::PerAnte);
    let way = |spec: &str, default_way: bool, optimal: BigRational, house_way: Option<BigRational>, alike: BigRational| WayRow {
        spec: spec.into(),
        title: format!("{spec}, a way"),
        default_way,
        optimal_player: per_ante(optimal),
        house_way_player_note: house_way.is_none().then(|| format!("not counted here: parsheet analyze face-up-pai-gow base --house-way {spec} --variant house-way-player")),
        house_way_player: house_way.map(per_ante),
        alike_with_dealer_best: Exact(alike),
    };
    HouseWaysAnalysis {
        game: "face-up-pai-gow".into(),
        wager: "base".into(),
        deck: "53 cards".into(),
        assumptions: vec![Assumption::printed("reading", "joker-plays-ace")],
        ways: vec![
            way("foxwoods:full-house-front=the-pair", true, r(-1, 50), Some(r(-1, 16)), r(24, 25)),
            way("foxwoods:full-house-front=highest-permissible", false, r(-2, 101), Some(r(-3, 47)), r(19, 20)),
            way("other:a=b,c=d", false, r(-1, 40), None, r(9, 10)),
        ],
        dealer_best: per_ante(r(-3, 100)),
        dealer_worst: per_ante(r(7, 10)),
        published: Some("98.404%".into()),
        published_in_range: Some(true),
        compared_way: "foxwoods".into(),
        compared_alike: Exact(r(24, 25)),
        compared_by_shape: vec![],
    }
}

#[test]
fn house_ways_csv_rows() {
    use parsheet_report::house_ways::{csv_cells, lines, Bound, BOUNDS_OVER, CSV_HEADER};
    let h = house_ways_record();
    let lines = lines(&h);
    // Every way in the record's order, then the lower and the upper bound of the payback.
    assert_eq!(lines.iter().map(|l| (l.way, l.bound)).collect::<Vec<_>>(), [
        ("foxwoods:full-house-front=the-pair", None),
        ("foxwoods:full-house-front=highest-permissible", None),
        ("other:a=b,c=d", None),
        ("dealer-best", Some(Bound::Lower)),
        ("dealer-worst", Some(Bound::Upper)),
    ]);
    let mut out = CSV_HEADER.join(",") + "\n";
    for l in &lines {
        let cells = csv_cells(&h, l);
        assert_eq!(cells.len(), CSV_HEADER.len(), "{}", l.way);
        out += &cells.iter().map(|c| parsheet_report::format::csv_cell(c)).collect::<Vec<_>>().join(",");
        out += "\n";
    }
    assert!(out.contains(BOUNDS_OVER));
    snapshot("house-ways.csv", &out);
    // The page's table: the same rows, the bounds below them.
    let t = parsheet_report::house_ways::ways_table(&h);
    assert_eq!((t.rows.len(), t.summary.len()), (3, 2));
    assert_eq!(t.summary[0][0], "dealer-best way (the least any way that sets hands alike by ranks, joker and flush ranks gives)");
    assert_eq!(t.rows[2][3], "not counted");
}
