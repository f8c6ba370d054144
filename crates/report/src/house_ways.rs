//! Face Up Pai Gow's house ways on its main-game page: every built-in way under both player
//! policies, the range over every way a casino could file, how the default way differs from the
//! dealer-best way, and the single-rule edits of the way nearest the published figure. Rendered
//! from `parsheet_app::house_ways`'s records as tables the HTML and Markdown views share; the
//! way × policy table and its bounds are [`lines`], which the page's table, `house-ways.csv`
//! and the workbook's `House ways` sheet each render.

use parsheet_app::house_ways::{HouseWaysAnalysis, WayEdit, WayEdits};
use parsheet_app::report::Report;
use parsheet_app::{Exact, Figures};
use parsheet_paytable::{fraction, Decimal};

use crate::format::{csv_cell, pct, Table};

/// What the bounds range over, as every view names it.
pub const BOUNDS_OVER: &str = "over every house way that sets hands alike by ranks, joker and flush ranks";

/// Which end of the range a bound is, by the optimal player's payback (his house edge runs the
/// other way): the dealer-best way gives the lower, the dealer-worst way the upper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Lower,
    Upper,
}

impl Bound {
    pub fn id(self) -> &'static str {
        match self {
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }
}

/// One row of the house-way table: a built-in way (with one choice of its options) under both
/// policies, or a bound of the range over every way (the optimal player only). Fields are the
/// record's, by reference: a view formats them and computes nothing.
pub struct WayLine<'a> {
    /// `id[:option=choice,...]`, as `--house-way` takes it; `dealer-best` or `dealer-worst` for
    /// a bound.
    pub way: &'a str,
    pub title: &'a str,
    pub default_way: bool,
    pub bound: Option<Bound>,
    pub optimal_player: &'a Figures,
    pub house_way_player: Option<&'a Figures>,
    /// Why the house-way player is not counted, with the command that counts him.
    pub house_way_player_note: Option<&'a str>,
    pub alike_with_dealer_best: Option<&'a Exact>,
}

/// Every built-in way in the record's order, then the range's lower and upper bound.
pub fn lines(h: &HouseWaysAnalysis) -> Vec<WayLine<'_>> {
    let mut out: Vec<WayLine> = h
        .ways
        .iter()
        .map(|w| WayLine {
            way: &w.spec,
            title: &w.title,
            default_way: w.default_way,
            bound: None,
            optimal_player: &w.optimal_player,
            house_way_player: w.house_way_player.as_ref(),
            house_way_player_note: w.house_way_player_note.as_deref(),
            alike_with_dealer_best: Some(&w.alike_with_dealer_best),
        })
        .collect();
    let bound = |way, title, bound, f| WayLine { way, title, default_way: false, bound: Some(bound), optimal_player: f, house_way_player: None, house_way_player_note: None, alike_with_dealer_best: None };
    out.push(bound("dealer-best", "the way best for the house: each dealer class set to minimise the optimal player's expectation", Bound::Lower, &h.dealer_best));
    out.push(bound("dealer-worst", "the way worst for the house: each dealer class set to maximise the optimal player's expectation", Bound::Upper, &h.dealer_worst));
    out
}

fn edge(f: &Figures) -> String {
    f.house_edge.as_ref().map_or("—".into(), |e| pct(e.value(), 6))
}

fn payback(f: &Figures) -> String {
    f.payback.as_ref().map_or("—".into(), |p| pct(p.value(), 6))
}

fn exact(f: &Figures) -> String {
    f.house_edge.as_ref().map_or("—".into(), |e| fraction(e.value()))
}

/// Way × policy, with each way's share of dealer hands set as the dealer-best way sets them;
/// the bounds below.
pub fn ways_table(h: &HouseWaysAnalysis) -> Table {
    let (ways, bounds): (Vec<WayLine>, Vec<WayLine>) = lines(h).into_iter().partition(|l| l.bound.is_none());
    let rows = ways
        .iter()
        .map(|w| {
            vec![
                format!("{}{}", parsheet_tables::printable(w.way), if w.default_way { " (default)" } else { "" }),
                edge(w.optimal_player),
                exact(w.optimal_player),
                w.house_way_player.map_or("not counted".into(), edge),
                w.house_way_player.map_or(String::new(), exact),
                w.alike_with_dealer_best.map_or(String::new(), |a| pct(a.value(), 2)),
            ]
        })
        .collect();
    let summary = bounds
        .iter()
        .map(|b| {
            let name = match b.bound {
                Some(Bound::Lower) => format!("{} way (the least any way that {} gives)", b.way, BOUNDS_OVER.trim_start_matches("over every house way that ")),
                _ => format!("{} way (the most)", b.way),
            };
            vec![name, edge(b.optimal_player), exact(b.optimal_player), String::new(), String::new(), String::new()]
        })
        .collect();
    Table {
        header: ["House way", "Optimal player: house edge", "exact", "House-way player: house edge", "exact", "Dealer hands set as the dealer-best way"].map(String::from).to_vec(),
        rows,
        summary,
    }
}

/// The columns of `house-ways.csv`.
pub const CSV_HEADER: [&str; 22] = [
    "game",
    "wager",
    "row",
    "house_way",
    "title",
    "default_way",
    "basis",
    "optimal_player_house_edge",
    "optimal_player_house_edge_percent",
    "optimal_player_payback",
    "optimal_player_payback_percent",
    "house_way_player_house_edge",
    "house_way_player_house_edge_percent",
    "house_way_player_payback",
    "house_way_player_payback_percent",
    "house_way_player_note",
    "alike_with_dealer_best",
    "alike_with_dealer_best_percent",
    "payback_bound",
    "over",
    "published",
    "published_in_range",
];

/// A fraction as its exact text and as a percentage with six places (no sign), as
/// `summary.csv` writes them; empty where the record has none.
fn exact_and_percent(e: Option<&Exact>) -> [String; 2] {
    e.map_or([String::new(), String::new()], |e| [fraction(e.value()), Decimal(e.value()).percent(6)])
}

/// One row of `house-ways.csv`, in the order of [`CSV_HEADER`] (text, not yet CSV-escaped).
pub fn csv_cells(h: &HouseWaysAnalysis, l: &WayLine) -> Vec<String> {
    let mut cells = vec![
        h.game.clone(),
        h.wager.clone(),
        if l.bound.is_some() { "bound" } else { "way" }.to_string(),
        l.way.to_string(),
        l.title.to_string(),
        if l.default_way { "yes" } else { "" }.to_string(),
        l.optimal_player.primary_basis.words().to_string(),
    ];
    for f in [Some(l.optimal_player), l.house_way_player] {
        cells.extend(exact_and_percent(f.and_then(|f| f.house_edge.as_ref())));
        cells.extend(exact_and_percent(f.and_then(|f| f.payback.as_ref())));
    }
    cells.push(l.house_way_player_note.unwrap_or("").to_string());
    cells.extend(exact_and_percent(l.alike_with_dealer_best));
    match l.bound {
        Some(b) => cells.extend([
            b.id().to_string(),
            BOUNDS_OVER.to_string(),
            h.published.clone().unwrap_or_default(),
            h.published_in_range.map_or("", |i| if i { "yes" } else { "no" }).to_string(),
        ]),
        None => cells.extend(std::iter::repeat_n(String::new(), 4)),
    }
    cells
}

/// `house-ways.csv`: one row per built-in way and per bound, of every wager whose section
/// carries house ways (Face Up Pai Gow's main game); none where no wager does.
pub fn csv(report: &Report) -> Option<String> {
    let all: Vec<&HouseWaysAnalysis> = report.games.iter().flat_map(|g| &g.wagers).filter_map(|w| w.house_ways.as_ref()).collect();
    if all.is_empty() {
        return None;
    }
    let mut out = CSV_HEADER.join(",") + "\n";
    for h in all {
        for l in lines(h) {
            out += &csv_cells(h, &l).iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",");
            out += "\n";
        }
    }
    Some(out)
}

/// The default way against the dealer-best way, by hand shape.
pub fn shapes_table(h: &HouseWaysAnalysis) -> Table {
    Table {
        header: ["Dealer hand shape", "Dealer hands", "Set otherwise", "Worth to the optimal player", "Where it is worth most"].map(String::from).to_vec(),
        rows: h
            .compared_by_shape
            .iter()
            .map(|s| {
                vec![
                    format!("{}{}", s.shape, if s.straight_or_flush { " (straight or flush possible)" } else { "" }),
                    s.dealer_hands.0.to_string(),
                    s.set_otherwise.0.to_string(),
                    pct(s.worth.value(), 4),
                    s.example.clone().unwrap_or_default(),
                ]
            })
            .collect(),
        summary: vec![],
    }
}

/// Lines that say what the tables mean.
pub fn summary_lines(h: &HouseWaysAnalysis) -> Vec<String> {
    let mut out = vec![format!(
        "Over every house way that sets hands alike by ranks, joker and flush ranks (each dealer class alike), the optimal player's payback runs from {} (dealer-best way) to {} (dealer-worst way).",
        payback(&h.dealer_best),
        payback(&h.dealer_worst)
    )];
    if let (Some(p), Some(inside)) = (&h.published, h.published_in_range) {
        out.push(format!("The published {p} {} that range.", if inside { "lies in" } else { "lies outside" }));
    }
    out.push(format!(
        "{} sets {} of dealer hands as the dealer-best way does (as well for the house); where it differs, by hand shape, below.",
        parsheet_tables::printable(&h.compared_way),
        pct(h.compared_alike.value(), 2)
    ));
    out
}

fn edit_row(e: &WayEdit) -> Vec<String> {
    vec![
        e.edit.clone(),
        e.optimal_player.as_ref().map_or("—".into(), payback),
        e.hands_touched.as_ref().map_or(String::new(), |t| pct(t.value(), 3)),
        e.note.clone().unwrap_or_default(),
    ]
}

/// The edits the page shows: those that reproduce the published figure, or else the nearest,
/// with a line saying which.
pub fn edits_shown(e: &WayEdits) -> (String, &[WayEdit]) {
    if e.reproducing.is_empty() {
        (
            format!(
                "No single-rule edit of {} ({} tried) gives the optimal player the published {} at its printed precision; the nearest:",
                parsheet_tables::printable(&e.house_way),
                e.edits_tried,
                e.published
            ),
            &e.nearest,
        )
    } else {
        (format!("Single-rule edits of {} whose optimal-player payback prints as the published {}:", parsheet_tables::printable(&e.house_way), e.published), &e.reproducing)
    }
}

/// The edits that reproduce the published figure, or the nearest, and a line saying which.
pub fn edits_table(e: &WayEdits) -> (String, Table) {
    let (line, rows) = edits_shown(e);
    (line, Table { header: ["Edit", "Optimal player: payback", "Dealer hands touched", "Note"].map(String::from).to_vec(), rows: rows.iter().map(edit_row).collect(), summary: vec![] })
}
