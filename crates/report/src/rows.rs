//! The report's summary rows: one per wager × paytable × reading (and per reading of a main
//! game's strategy), as the index, the summary CSV and the workbook show them. Each row holds
//! the record's own figures on its primary basis and says which basis that is.

use num_rational::BigRational;
use num_traits::One;
use parsheet_app::report::{GameSection, Report, WagerSection};
use parsheet_app::{Basis, Exact, Figures};

/// One row of the regulator's summary.
pub struct Row<'a> {
    pub game: &'a GameSection,
    pub wager: &'a WagerSection,
    pub paytable: Option<&'a str>,
    pub reading: Option<&'a str>,
    /// The record's figures; the row shows those of the primary basis.
    pub figures: &'a Figures,
    /// What the payback is: "payback", "long-run payback", "payback per Ante".
    pub payback_label: &'static str,
    pub hit_frequency: Option<&'a Exact>,
    pub standard_deviation: Option<&'a str>,
    /// Published figures that belong to this row: (printed, kind, status in words, status).
    pub published: Vec<(String, String, String, parsheet_app::figure::Status)>,
    pub flags: Vec<String>,
    /// The page of the row, relative to the report's root.
    pub page: String,
    /// A main game's record: its PAR figures beyond the primary basis.
    pub main: Option<&'a parsheet_app::main_game::MainGameAnalysis>,
}

impl Row<'_> {
    pub fn basis(&self) -> Basis {
        self.figures.primary_basis
    }

    pub fn house_edge(&self) -> Option<&BigRational> {
        self.figures.house_edge.as_ref().map(Exact::value)
    }

    pub fn payback(&self) -> Option<&BigRational> {
        self.figures.payback.as_ref().map(Exact::value)
    }
}

/// A sheet page's path: `<game>/<wager>/<paytable>.html`.
pub fn sheet_page(game: &GameSection, wager: &WagerSection, paytable: &str) -> String {
    format!("{}/{}/{paytable}.html", game.game, wager.id)
}

/// A strategy page's path: `<game>/<wager>/strategy-<reading>[-<paytable>].html`.
pub fn strategy_page(game: &GameSection, wager: &WagerSection, reading: &str, paytable: Option<&str>) -> String {
    let table = paytable.filter(|t| *t != "default").map(|t| format!("-{t}")).unwrap_or_default();
    format!("{}/{}/strategy-{reading}{table}.html", game.game, wager.id)
}

pub fn wager_page(game: &GameSection, wager: &WagerSection) -> String {
    format!("{}/{}.html", game.game, wager.id)
}

/// The published figures a summary row shows, one status each: the figure to certify's where
/// the row is on parsheet's reading, else this reading's own check as printed (other terms and
/// candidate corrections stay on the wager's page); each with the basis it was checked on.
fn published(wager: &WagerSection, paytable: Option<&str>, reading: Option<&str>) -> Vec<(String, String, String, parsheet_app::figure::Status)> {
    let mut out = Vec::new();
    for f in &wager.published {
        let mine: Vec<&parsheet_app::verify::Check> = f.checks.iter().map(|c| &c.check).filter(|c| paytable.is_none_or(|t| c.paytable == t) && c.reading.as_deref() == reading).collect();
        let chosen = mine.iter().find(|c| c.default_reading).map(|c| (c, "figure to certify")).or_else(|| mine.iter().find(|c| c.candidate.is_none() && c.implied.is_none()).map(|c| (c, "this reading")));
        if let Some((c, role)) = chosen {
            let entry = (f.printed.clone(), f.kind.clone(), format!("{} ({role}; {})", c.status.name(), c.basis.words()), c.status);
            if !out.contains(&entry) {
                out.push(entry);
            }
        }
    }
    out
}

fn above_100(payback: Option<&BigRational>) -> Option<String> {
    payback.filter(|p| **p > BigRational::one()).map(|_| "payback above 100%".to_string())
}

/// Every summary row of the report, in the document's order.
pub fn rows(report: &Report) -> Vec<Row<'_>> {
    let mut out = Vec::new();
    for g in &report.games {
        for w in &g.wagers {
            for st in &w.strategy {
                let a = &st.analysis;
                let per_total = a.figures.get(Basis::PerTotalWagered).and_then(|f| f.payback.as_ref()).map(Exact::value);
                out.push(Row {
                    game: g,
                    wager: w,
                    paytable: a.paytable.as_deref(),
                    reading: Some(&a.reading),
                    figures: &a.figures,
                    payback_label: "payback per Ante",
                    hit_frequency: Some(&a.hit_frequency),
                    standard_deviation: Some(&a.standard_deviation_per_ante),
                    published: published(w, None, Some(&a.reading)),
                    // A note's gist (before its colon) is the flag; the page gives the whole note.
                    flags: above_100(per_total).map(|f| format!("{f} (per total wagered)")).into_iter().chain(a.notes.iter().map(|n| n.split(':').next().unwrap_or("").to_string())).collect(),
                    page: strategy_page(g, w, &a.reading, a.paytable.as_deref()),
                    main: Some(a),
                });
            }
            for sheet in &w.sheets {
                for t in &sheet.paytables {
                    let reading = sheet.reading.as_deref();
                    let Some(a) = &t.analysis else {
                        continue;
                    };
                    let label = if a.progressive.is_some() { "long-run payback" } else { "payback" };
                    let mut flags: Vec<String> = above_100(a.figures.payback.as_ref().map(Exact::value)).into_iter().collect();
                    if let Some(f) = &t.reading_flag {
                        flags.push(f.split(':').next().unwrap_or(f).to_string());
                    }
                    if a.figures.payback.is_none() {
                        flags.push("no rate of progression printed".to_string());
                        // The long run rises with the rate, so above 100% at rate 0 is above at any.
                        if a.progressive.as_ref().is_some_and(|m| *m.long_run_payback_without_rate.value() > BigRational::one()) {
                            flags.push("payback above 100% (long run, at any rate of progression)".to_string());
                        }
                    }
                    out.push(Row {
                        game: g,
                        wager: w,
                        paytable: Some(&t.id),
                        reading,
                        figures: &a.figures,
                        payback_label: label,
                        hit_frequency: a.hit_frequency.as_ref(),
                        standard_deviation: a.standard_deviation.as_deref(),
                        published: published(w, Some(&t.id), reading),
                        flags,
                        page: sheet_page(g, w, &t.id),
                        main: None,
                    });
                }
            }
        }
    }
    out
}
