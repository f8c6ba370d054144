//! Face Up Pai Gow's house ways on its main-game page: every built-in way under both player
//! policies, the range over every way a casino could file, how the default way differs from the
//! dealer-best way, and the single-rule edits of the way nearest the published figure. Rendered
//! from `parsheet_app::house_ways`'s records as tables the HTML and Markdown views share.

use parsheet_app::house_ways::{HouseWaysAnalysis, WayEdit, WayEdits};
use parsheet_app::Figures;
use parsheet_paytable::fraction;

use crate::format::{pct, Table};

fn edge(f: &Figures) -> String {
    f.house_edge.as_ref().map_or("—".into(), |e| pct(e.value(), 6))
}

fn payback(f: &Figures) -> String {
    f.payback.as_ref().map_or("—".into(), |p| pct(p.value(), 6))
}

fn exact(f: &Figures) -> String {
    f.house_edge.as_ref().map_or("—".into(), |e| fraction(e.value()))
}

/// Way × policy, with each way's share of dealer hands set as the dealer-best way sets them.
pub fn ways_table(h: &HouseWaysAnalysis) -> Table {
    let rows = h
        .ways
        .iter()
        .map(|w| {
            vec![
                format!("{}{}", parsheet_tables::printable(&w.spec), if w.default_way { " (default)" } else { "" }),
                edge(&w.optimal_player),
                exact(&w.optimal_player),
                w.house_way_player.as_ref().map_or("not counted".into(), edge),
                w.house_way_player.as_ref().map_or(String::new(), exact),
                pct(w.alike_with_dealer_best.value(), 2),
            ]
        })
        .collect();
    let bound = |name: &str, f: &Figures| vec![name.to_string(), edge(f), exact(f), String::new(), String::new(), String::new()];
    Table {
        header: ["House way", "Optimal player: house edge", "exact", "House-way player: house edge", "exact", "Dealer hands set as the dealer-best way"].map(String::from).to_vec(),
        rows,
        summary: vec![bound("dealer-best way (the least any way that sets hands alike by ranks, joker and flush ranks gives)", &h.dealer_best), bound("dealer-worst way (the most)", &h.dealer_worst)],
    }
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

/// The edits that reproduce the published figure, or the nearest, and a line saying which.
pub fn edits_table(e: &WayEdits) -> (String, Table) {
    let (line, rows) = if e.reproducing.is_empty() {
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
    };
    (line, Table { header: ["Edit", "Optimal player: payback", "Dealer hands touched", "Note"].map(String::from).to_vec(), rows: rows.iter().map(edit_row).collect(), summary: vec![] })
}
