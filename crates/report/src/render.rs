//! Renders the report document (`parsheet_app::report::Report`) as HTML pages, Markdown and CSV.
//!
//! Pages: `index.html` (the regulator's summary: one row per wager × paytable × reading), one
//! page per wager (readings, charts, the published figures and their checks), one PAR sheet page
//! per paytable (every reading of it), and one page per reading of a main game's strategy. Every
//! page has the same header: where it sits, the previous and next page, and the exports.

use num_rational::BigRational;
use num_traits::Zero;
use parsheet_app::main_game::StrategyRecord;
use parsheet_app::provenance::Provenance;
use parsheet_app::figure::Status;
use parsheet_app::report::{CheckExplained, GameSection, Report, Sheet, SheetTable, WagerSection};
use parsheet_app::wager::WagerAnalysis;
use parsheet_app::Basis;

use crate::chart::{self, Bar, Scale};
use crate::format::{csv_cell, esc, grouped, md, md_code, md_prose, one_in, pct, per_unit, probability, prose, rounds_within_a_point, Table};
use crate::rows::{self, Row};
use crate::Place;

/// The printed label of `outcome` under paytable `t` (or any table of the wager), with the id
/// beside it where one label covers several outcomes of the table (a split printed line).
pub fn hand(w: &WagerSection, t: Option<&SheetTable>, outcome: &str) -> String {
    if outcome == "other" {
        return "All other hands".into();
    }
    let lines = |id: &str| w.paytables.iter().find(|p| p.id == id).map(|p| p.lines.as_slice()).unwrap_or(&[]);
    let own = t.and_then(|t| lines(&t.id).iter().find(|l| l.outcome == outcome).and_then(|l| l.hand.as_deref()));
    let any = || w.paytables.iter().flat_map(|p| &p.lines).find(|l| l.outcome == outcome).and_then(|l| l.hand.as_deref());
    let Some(label) = own.or_else(any) else { return outcome.to_string() };
    let shared = t.is_some_and(|t| lines(&t.id).iter().filter(|l| l.hand.as_deref() == Some(label)).count() > 1);
    if shared {
        format!("{label} ({outcome})")
    } else {
        label.to_string()
    }
}

/// The PAR sheet of one paytable under one reading: hand, pays, combinations, probability,
/// 1 in N, return; then cycle, house edge (decimal and exact), payback, hit frequency, standard
/// deviation, or the progressive model's figures.
pub fn par_sheet(w: &WagerSection, sheet: &Sheet, t: &SheetTable) -> Table {
    let header = ["Hand", "Pays", "Combinations", "Probability", "1 in N", "Return"].map(String::from).to_vec();
    let a = t.analysis.as_ref();
    let line_of = |id: &str| a.and_then(|a| a.outcomes.iter().find(|o| o.outcome == id));
    let mut rows = Vec::new();
    for o in &sheet.outcomes {
        let id = o.outcome.as_str();
        let p = o.probability.value();
        // A progressive line's return is that of its fixed pay; a meter line adds its share.
        let meter = a.and_then(|a| a.progressive.as_ref()).and_then(|m| m.outcomes.iter().find(|o| o.outcome == id)).is_some_and(|o| !o.meter_share.value().is_zero());
        let ret = line_of(id).map_or("—".to_string(), |l| per_unit(l.contribution.value()) + if meter { " + meter" } else { "" });
        let pays = line_of(id).map_or("loses".to_string(), |l| l.pays.clone());
        rows.push(vec![hand(w, Some(t), id), pays, grouped(&o.combinations.0.to_string()), probability(p), one_in(p), ret]);
    }
    let mut summary = vec![vec!["Cycle".to_string(), String::new(), grouped(&sheet.cycle.0.to_string()), "1".into(), String::new(), String::new()]];
    let line = |label: &str, value: String| vec![label.to_string(), String::new(), String::new(), String::new(), String::new(), value];
    match a {
        Some(a) if a.progressive.is_none() => {
            let edge = a.figures.house_edge.as_ref().expect("fixed pays have a house edge");
            summary.push(line("House edge", pct(edge.value(), 4)));
            summary.push(line("House edge (exact)", parsheet_paytable::fraction(edge.value())));
            summary.push(line("Payback", a.figures.payback.as_ref().map_or("—".into(), |p| pct(p.value(), 4))));
            summary.push(line("Hit frequency", a.hit_frequency.as_ref().map_or("—".into(), |h| pct(h.value(), 4))));
            summary.push(line("Standard deviation", a.standard_deviation.clone().unwrap_or_default()));
        }
        Some(a) => {
            let m = a.progressive.as_ref().expect("a model");
            summary.push(line("Fixed pays' return", pct(m.fixed_return.value(), 4)));
            match &a.figures.payback {
                Some(l) => summary.push(line("Long-run payback", pct(l.value(), 4))),
                None => summary.push(line("Long-run payback", format!("{} + rate (no rate printed)", pct(m.long_run_payback_without_rate.value(), 4)))),
            }
        }
        None => summary.push(line("House edge", t.error.clone().unwrap_or_default())),
    }
    Table { header, rows, summary }
}

/// The progressive model of a paytable, as lines of text.
fn model_lines(a: &WagerAnalysis) -> Vec<String> {
    let Some(m) = &a.progressive else { return vec![] };
    let mut out = vec![format!("Assumptions: {}.", a.assumptions.iter().map(|x| x.words()).collect::<Vec<_>>().join(", "))];
    out.push(format!("Return of the fixed pays (stake included where returned): {}.", pct(m.fixed_return.value(), 4)));
    match &m.figures.payback {
        Some(l) => out.push(format!("Long-run payback: {} (exact {}).", pct(l.value(), 4), parsheet_paytable::fraction(l.value()))),
        None => out.push(format!("Long-run payback: {} plus the rate of progression, which the table does not print.", pct(m.long_run_payback_without_rate.value(), 4))),
    }
    if let (Some(reset), Some(p)) = (&m.reset, &m.payback_at_reset) {
        out.push(format!("Payback at a {} meter (the reset): {}.", parsheet_app::progressive::money(reset.value()), pct(p.value(), 4)));
    }
    if let Some(b) = &m.break_even_meter {
        out.push(format!("Break-even meter (payback 100%): {}.", parsheet_app::progressive::money(b.value())));
    } else if !m.awards.is_empty() {
        out.push("Break-even meter: none, the payback is 100% or more at any meter.".into());
    }
    out
}

/// Envy by the number of other players at the table (0 to 5), for a wager paid Envy without a
/// meter, and what it means.
fn envy_table(t: &SheetTable) -> Option<(String, Table)> {
    let m = t.analysis.as_ref()?.progressive.as_ref()?;
    let (wager, by_players) = parsheet_app::progressive::envy_by_players(m)?;
    let rows = by_players.iter().map(|(k, envy, payback)| vec![k.to_string(), pct(envy.value(), 4), pct(payback.value(), 4)]).collect();
    let qualifying = if parsheet_app::progressive::envy_qualifying_wager(&m.game).is_some() { ", the least Qualifying Wager (§ 688a.1: Envy is paid only on one)" } else { "" };
    let words = format!(
        "Per unit of a {} wager{qualifying}: each other player's hand of the table's Envy column pays this player its Envy amount, so each adds the same return. The figures above assume no other player.",
        parsheet_app::progressive::money(&wager)
    );
    Some((words, Table { header: ["Other players", "Envy return", "Payback"].map(String::from).to_vec(), rows, summary: vec![] }))
}

fn award_table(w: &WagerSection, t: &SheetTable) -> Option<Table> {
    let awards = &t.analysis.as_ref()?.progressive.as_ref()?.awards;
    if awards.is_empty() {
        return None;
    }
    let rows = awards.iter().map(|a| vec![hand(w, Some(t), &a.outcome), a.pays.clone(), probability(a.probability.value()), one_in(a.probability.value())]).collect();
    Some(Table { header: ["Meter award", "Pays", "Probability", "1 in N"].map(String::from).to_vec(), rows, summary: vec![] })
}

/// A main game's strategy table and its outcomes, with the summary lines.
fn strategy_tables(st: &StrategyRecord) -> (Table, Table, Vec<String>) {
    let a = &st.analysis;
    let mut header = vec!["Situation".to_string(), "Play".into()];
    header.extend(st.plays.iter().map(|p| format!("{p} (net)")));
    // A situation whose hands card removal splits between plays is decided hand by hand by the
    // rule a player follows (the complete rule below names the kicker that decides): no
    // "mixed" row is shown as a play.
    let split = st.decisions.iter().filter(|d| d.play == "mixed").count();
    let rows = st
        .decisions
        .iter()
        .filter(|d| d.play != "mixed")
        .map(|d| {
            let mut r = vec![d.situation.clone(), d.play.clone()];
            for p in &st.plays {
                r.push(d.options.iter().find(|o| o.play == *p).map_or("—".to_string(), |o| per_unit(o.expected_net.value())));
            }
            r
        })
        .collect();
    let outcomes = a
        .outcomes
        .iter()
        .map(|o| vec![o.outcome.clone(), grouped(&o.combinations.0.to_string()), probability(o.probability.value()), one_in(o.probability.value()), parsheet_paytable::fraction(o.net.value())])
        .collect();
    let exact = |b: Basis| a.figures.get(b).and_then(|f| f.house_edge.as_ref()).map(|e| (pct(e.value(), 4), parsheet_paytable::fraction(e.value()))).unwrap_or_default();
    let (ante, ante_exact) = exact(Basis::PerAnte);
    let mut summary = vec![format!("House edge per Ante: {ante} (exact {ante_exact})."), format!("Hit frequency: {}; standard deviation {} per Ante.", pct(a.hit_frequency.value(), 4), a.standard_deviation_per_ante)];
    if *a.initial_wager.value() != BigRational::from_integer(1.into()) {
        let (init, init_exact) = exact(Basis::PerInitialWager);
        summary.push(format!("House edge per initial wager ({} Antes): {init} (exact {init_exact}).", parsheet_paytable::fraction(a.initial_wager.value())));
    }
    let average = parsheet_paytable::fraction(a.average_wager.value());
    summary.push(format!("Average wager: {average} {}.", if average == "1" { "Ante" } else { "Antes" }));
    let (risk, risk_exact) = exact(Basis::PerTotalWagered);
    summary.push(format!("Element of risk (house edge per total wagered): {risk} (exact {risk_exact})."));
    if let Some(p) = a.figures.get(Basis::PerTotalWagered).and_then(|f| f.payback.as_ref()) {
        summary.push(format!("Payback per total amount wagered: {}.", pct(p.value(), 4)));
    }
    for x in &a.actions {
        summary.push(format!("{}: {} deals ({}).", x.action, grouped(&x.deals.0.to_string()), pct(x.probability.value(), 2)));
    }
    for n in &a.notes {
        summary.push(format!("Note: {n}"));
    }
    let table_summary = if split > 0 { vec![vec![format!("{split} situation{} split by card removal between plays, decided hand by hand: see the complete rule below", if split == 1 { "" } else { "s" }), String::new()]] } else { vec![] };
    (
        Table { header, rows, summary: table_summary },
        Table { header: ["Outcome", "Combinations", "Probability", "1 in N", "Net per Ante"].map(String::from).to_vec(), rows: outcomes, summary: vec![] },
        summary,
    )
}

fn reading_title(reading: Option<&str>) -> String {
    reading.map_or("the rules as written".to_string(), |r| format!("reading {r}"))
}

/// A chart label: "A · ace-high-only".
fn short_label(r: &Row) -> String {
    let parts: Vec<&str> = r.paytable.filter(|t| *t != "default").into_iter().chain(r.reading).collect();
    if parts.is_empty() {
        "as written".into()
    } else {
        parts.join(" · ")
    }
}

// ---------------------------------------------------------------------------------------------
// Markdown

fn md_table(t: &Table) -> String {
    let header: Vec<String> = t.header.iter().map(|h| md(h)).collect();
    let mut out = format!("| {} |\n|{}|\n", header.join(" | "), t.header.iter().enumerate().map(|(i, _)| if i == 0 { ":---" } else { "---:" }).collect::<Vec<_>>().join("|"));
    for r in t.rows.iter().chain(&t.summary) {
        out += &format!("| {} |\n", r.iter().map(|c| md(c)).collect::<Vec<_>>().join(" | "));
    }
    out
}

pub fn markdown(report: &Report) -> String {
    let mut out = format!(
        "# Hold report\n\nGenerated by {} from {}; Face Up Pai Gow's house way: {}. Exact values are fractions; decimals are rounded for display.\n",
        md(&report.generator),
        md(&report.tables),
        md(&report.house_way.words())
    );
    for g in &report.games {
        let source: Vec<&str> = [g.rulemaking.as_str(), g.file.as_str()].into_iter().filter(|s| !s.is_empty()).collect();
        out += &format!("\n## {} ({})\n\nSource: {}.\n", md(&g.title), md(&chapter_words(&g.chapter)), md(&source.join("; ")));
        for w in &g.wagers {
            out += &wager_markdown(w, Place::InReport);
        }
    }
    out += "\n---\n\n";
    out += &provenance_markdown(&report.provenance);
    out
}

/// The provenance as the footer of a Markdown page: one item per field.
pub fn provenance_markdown(p: &Provenance) -> String {
    let mut out = String::from("Provenance:\n\n");
    for (field, value) in p.rows() {
        out += &format!("- {}: {}\n", md(&field), md_code(&value));
    }
    out
}

/// The provenance as the footer of an HTML page.
fn provenance_html(p: &Provenance) -> String {
    let items: Vec<String> = p.rows().iter().map(|(field, value)| format!("<li>{}: <code>{}</code></li>", esc(field), esc(value))).collect();
    format!("<footer class=\"provenance\"><p>Provenance: generated {} by parsheet {}.</p><ul>{}</ul></footer>", esc(&p.date), esc(&p.version), items.join(""))
}

/// `provenance.csv`: the provenance record as field,value rows.
pub fn provenance_csv(p: &Provenance) -> String {
    let mut out = String::from("field,value\n");
    for (field, value) in p.rows() {
        out += &format!("{},{}\n", csv_cell(&field), csv_cell(&value));
    }
    out
}

/// "ch. 686a", or for a game defined in a file (no chapter) what it is.
fn chapter_words(chapter: &str) -> String {
    if chapter.is_empty() { "defined in a file, no regulation".into() } else { format!("ch. {chapter}") }
}

/// "Rules: § 686a.8(b). Deal: three cards of six decks.", each part where known (a wager
/// defined in a file has no regulation section: its deal is its rule).
fn rules_and_deal(w: &WagerSection) -> Option<String> {
    let rules = w.rules.as_deref().filter(|r| !r.is_empty()).map(|r| format!("Rules: § {r}."));
    let deal = w.deal.as_deref().filter(|d| !d.is_empty()).map(|d| format!("Deal: {d}."));
    match (rules, deal) {
        (None, None) => None,
        (r, d) => Some([r, d].into_iter().flatten().collect::<Vec<_>>().join(" ")),
    }
}

/// The Markdown section of one wager; at [`Place::Alone`] (a PAR sheet downloaded by itself) it
/// names no file of the report.
pub fn wager_markdown(w: &WagerSection, place: Place) -> String {
    let section = if w.section.is_empty() { String::new() } else { format!(", § {}", md(&w.section)) };
    let mut out = format!("\n### {} ({}{section})\n\n", md(&w.title), md_code(&w.id));
    if let Some(r) = rules_and_deal(w) {
        out += &format!("{}\n\n", md(&r));
    }
    for r in &w.readings {
        out += &format!("- reading {}: {}\n", md_code(&r.id), md(&r.description));
    }
    for r in &w.rejected_readings {
        out += &format!("- reading {} is rejected by the notes: {}\n", md_code(&r.reading), md_prose(&r.note));
    }
    if let Some(d) = &w.default_reading {
        out += &format!("\nparsheet's reading (every figure to certify is on it): {}. Basis: {}\n\n", md_code(&d.value), md_prose(d.basis.as_deref().unwrap_or("")));
    }
    if !w.computed {
        out += &format!("*{}.* Paytables as approved:\n\n", md(w.reason.as_deref().unwrap_or("")));
        for p in &w.paytables {
            let lines: Vec<String> = p.lines.iter().map(|l| format!("{} {}", l.hand.as_deref().unwrap_or(&l.outcome), l.pays)).collect();
            out += &format!("- {}: {}\n", md(&p.id), md(&lines.join("; ")));
        }
    }
    if let Some(h) = &w.house_ways {
        out += "\n#### Every built-in house way, and the range over all house ways\n\n";
        for line in crate::house_ways::summary_lines(h) {
            out += &format!("- {}\n", md(&line));
        }
        out += "\n";
        out += &md_table(&crate::house_ways::ways_table(h));
        out += "\n";
        out += &md_table(&crate::house_ways::shapes_table(h));
    }
    if let Some(e) = &w.way_edits {
        let (line, table) = crate::house_ways::edits_table(e);
        out += &format!("\n{}\n\n", md(&line));
        out += &md_table(&table);
    }
    for st in &w.strategy {
        let (decisions, outcomes, summary) = strategy_tables(st);
        let table = st.analysis.paytable.as_deref().map_or(String::new(), |t| format!(", paytable {}", md(t)));
        out += &format!("\n#### Optimal strategy, reading {}{table} (cycle {})\n\n", md_code(&st.analysis.reading), grouped(&st.analysis.cycle.0.to_string()));
        out += &md_table(&decisions);
        out += "\n";
        out += &md_table(&outcomes);
        out += "\n";
        for line in summary {
            out += &format!("- {}\n", md(&line));
        }
        if let Some(p) = &st.player {
            let csv = format!("csv/{}-{}-{}.csv", st.analysis.game, w.id, crate::strategy_page::csv_name(st));
            out += &crate::strategy_page::markdown(p, st.analysis.cycle.0, (place == Place::InReport).then_some(csv.as_str()));
        }
    }
    for sheet in &w.sheets {
        let reading = sheet.reading.as_deref();
        if sheet.paytables.is_empty() {
            out += &format!("\n#### Outcomes, {} (cycle {})\n\n", md(&reading_title(reading)), grouped(&sheet.cycle.0.to_string()));
            out += &md_table(&outcome_table(w, sheet));
        }
        for t in &sheet.paytables {
            out += &format!("\n#### Paytable {}, {}\n\n", md(&t.id), md(&reading_title(reading)));
            if let Some(f) = &t.reading_flag {
                out += &format!("**Flag:** {}\n\n", md(f));
            }
            out += &md_table(&par_sheet(w, sheet, t));
            if let Some(a) = t.analysis.as_ref().filter(|a| a.progressive.is_some()) {
                out += "\n";
                for l in model_lines(a) {
                    out += &format!("- {}\n", md(&l));
                }
                if let Some(a) = award_table(w, t) {
                    out += "\n";
                    out += &md_table(&a);
                }
                if let Some((words, e)) = envy_table(t) {
                    out += &format!("\nEnvy by the number of other players. {}\n\n", md(&words));
                    out += &md_table(&e);
                }
            }
        }
    }
    let published = published_lines(w);
    if !published.is_empty() {
        out += "\nPublished figures:\n\n";
        for (head, lines) in published {
            out += &format!("- {head}\n");
            for l in lines {
                // Four spaces of the line are one level of nesting.
                let level = (l.len() - l.trim_start().len()) / 4;
                out += &format!("{}  - {}\n", "  ".repeat(level), l.trim_start());
            }
        }
    }
    for n in &w.notes {
        out += &format!("\n> {}\n", md_prose(n));
    }
    out
}

/// Outcome frequencies of a wager without an approved paytable.
fn outcome_table(w: &WagerSection, sheet: &Sheet) -> Table {
    let rows = sheet.outcomes.iter().map(|o| vec![hand(w, None, &o.outcome), grouped(&o.combinations.0.to_string()), probability(o.probability.value()), one_in(o.probability.value())]).collect();
    Table { header: ["Outcome", "Combinations", "Probability", "1 in N"].map(String::from).to_vec(), rows, summary: vec![] }
}

/// A check's computed value as the report prints it: a percentage and the exact value.
fn computed_text(c: &parsheet_app::verify::Check) -> Option<(String, String)> {
    c.computed.as_ref().map(|v| (pct(v.value(), c.places + 3), parsheet_paytable::fraction(v.value())))
}

/// The published figures and their checks, as Markdown list items (the document's text escaped):
/// per paytable the check of parsheet's reading first, the other checks indented beneath it.
fn published_lines(w: &WagerSection) -> Vec<(String, Vec<String>)> {
    let line = |ce: &CheckExplained, certify: bool| {
        let c = &ce.check;
        let reading = c.reading.as_deref().map_or(String::new(), |r| format!(" [{}]", md(r)));
        let computed = computed_text(c).map_or(String::new(), |(p, x)| format!(" computed {p} ({x}),"));
        let mark = if certify { " **(parsheet's reading: the figure to certify)**" } else { "" };
        let reason = c.reason.as_deref().map_or(String::new(), |r| format!(" {}.", md_prose(r)));
        format!("{}{reading}{mark}: {}{computed}{reason} {}", md(&c.paytable), md(c.status.name()), md_prose(&c.detail))
    };
    w.published
        .iter()
        .map(|f| {
            let table = f.paytable.as_deref().map_or("all paytables".to_string(), |t| format!("paytable {}", md(t)));
            let head = format!("{} {} ({table}; {})", md(&f.kind), md(&f.printed), md(&f.section));
            let mut lines = Vec::new();
            let checks: Vec<&CheckExplained> = f.checks.iter().collect();
            // The one-line changes of a check, the plausible first, the rest under a label.
            let changes = |ce: &CheckExplained, indent: &str, lines: &mut Vec<String>| {
                for (k, e) in ce.explanations.iter().enumerate() {
                    if k == ce.plausible {
                        lines.push(format!("{indent}less plausible one-line changes:"));
                    }
                    let deeper = if k >= ce.plausible { "    " } else { "" };
                    lines.push(format!("{indent}{deeper}{}", md(e)));
                }
            };
            for (d, others) in by_paytable(&checks) {
                lines.push(line(d, d.check.default_reading));
                changes(d, "    ", &mut lines);
                for o in others {
                    lines.push(format!("    {}", line(o, false)));
                    changes(o, "        ", &mut lines);
                }
            }
            (head, lines)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// HTML

const STYLE: &str = "*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.25rem 3rem;color:#1a1a1a;line-height:1.45}\
header.site{border-bottom:1px solid #ddd;padding-bottom:.5rem;margin-bottom:1rem;font-size:.9rem}header.site nav{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;justify-content:space-between}\
.crumbs a,.pager a,.exports a{white-space:nowrap}.exports{color:#555}\
table{border-collapse:collapse;margin:.75rem 0 1.25rem;font-size:.85rem;max-width:100%}th,td{border:1px solid #d5d5d5;padding:.2rem .5rem;text-align:right;vertical-align:top}\
th{background:#eef2f7;font-weight:600}th:first-child,td:first-child{text-align:left}td{white-space:nowrap}td.text,th.text{text-align:left;white-space:normal}\
td.id,th.id{text-align:left}td.exact{white-space:normal;overflow-wrap:anywhere;max-width:22rem}tbody.summary td{background:#f7f7f7;font-weight:600}.wide{overflow-x:auto;max-width:100%}\
.status-reproduced{color:#146c2e}.status-explained{color:#7a5a00}.status-unexplained{color:#b3261e;font-weight:600}.status-not{color:#666}.flag{color:#8a1c12;font-weight:600}\
code{background:#f3f3f3;padding:0 .2rem;overflow-wrap:anywhere}.note{color:#444;font-size:.85rem;border-left:3px solid #ddd;padding-left:.6rem;overflow-wrap:anywhere}\
a{color:#0b57d0}h1,h2,h3{line-height:1.2}h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem}\
table.summary{width:100%}figure{margin:1rem 0}figure svg{max-width:100%;height:auto}ul.toc{columns:2;column-gap:2rem}ul.toc li{break-inside:avoid}\
details{margin:.25rem 0}summary{cursor:pointer;color:#0b57d0}\
footer.provenance{border-top:1px solid #ddd;margin-top:2rem;padding-top:.5rem;font-size:.8rem;color:#444;overflow-wrap:anywhere}footer.provenance ul{padding-left:1.2rem}\
@media print{header.site nav.pager,header.site .exports{display:none}body{max-width:none;padding:0;font-size:10pt}a{color:inherit;text-decoration:none}\
h2,h3{break-after:avoid}tr,figure{break-inside:avoid}.wide{overflow:visible}details>*{display:block}ul.toc{columns:1}}";

/// One page of the site: its path from the root, title, breadcrumb (label, path) and body.
pub struct Page {
    pub path: String,
    pub title: String,
    pub crumbs: Vec<(String, Option<String>)>,
    pub body: String,
}

/// The relative way from `from` (a page path) to `to` (a path from the root).
fn link(from: &str, to: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{to}", "../".repeat(depth))
}

fn html_table(t: &Table) -> String {
    let mut out = String::from("<div class=\"wide\"><table><thead><tr>");
    for h in &t.header {
        out += &format!("<th>{}</th>", esc(h));
    }
    out += "</tr></thead><tbody>";
    for r in &t.rows {
        out += "<tr>";
        for (i, c) in r.iter().enumerate() {
            out += &format!("<td{}>{}</td>", cell_class(i, c), esc(c));
        }
        out += "</tr>";
    }
    out += "</tbody>";
    if !t.summary.is_empty() {
        out += "<tbody class=\"summary\">";
        for r in &t.summary {
            // A label, then the value in the last non-empty cell, spanning what is empty.
            let filled: Vec<(usize, &String)> = r.iter().enumerate().filter(|(_, c)| !c.is_empty()).collect();
            out += "<tr>";
            let mut col = 0;
            for (i, c) in filled {
                if i > col {
                    out += &format!("<td colspan=\"{}\"></td>", i - col);
                }
                out += &format!("<td{}>{}</td>", cell_class(i, c), esc(c));
                col = i + 1;
            }
            if col < r.len() {
                out += &format!("<td colspan=\"{}\"></td>", r.len() - col);
            }
            out += "</tr>";
        }
        out += "</tbody>";
    }
    out + "</table></div>"
}

/// Labels (the first column) and long exact fractions wrap; figures do not.
fn cell_class(column: usize, text: &str) -> &'static str {
    if column == 0 {
        " class=\"text\""
    } else if text.contains('/') && text.len() > 24 {
        " class=\"exact\""
    } else {
        ""
    }
}

fn status_class(status: Status) -> &'static str {
    match status {
        Status::Reproduced | Status::Rounding => "status-reproduced",
        Status::Reading | Status::Misprint | Status::Implied => "status-explained",
        Status::Unexplained => "status-unexplained",
        Status::NotComputed => "status-not",
    }
}

fn published_cell(r: &Row) -> String {
    r.published
        .iter()
        .map(|(printed, kind, words, status)| format!("{} {} <span class=\"{}\">{}</span>", esc(kind), esc(printed), status_class(*status), esc(words)))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn flags_cell(r: &Row) -> String {
    r.flags.iter().map(|f| format!("<span class=\"flag\">{}</span>", esc(f))).collect::<Vec<_>>().join("<br>")
}

/// The summary table of `rows`, linking each row to its page (from the page at `from`).
fn summary_html(rows: &[&Row], from: &str, with_wager: bool) -> String {
    let mut out = String::from("<div class=\"wide\"><table class=\"summary\"><thead><tr>");
    if with_wager {
        out += "<th>Wager</th>";
    }
    out += "<th class=\"id\">Paytable</th><th class=\"id\">Reading</th><th class=\"id\">Basis</th><th>House edge</th><th>Payback</th><th>Hit freq.</th><th>SD</th><th class=\"text\">Published</th><th class=\"text\">Flags</th></tr></thead><tbody>";
    for (i, r) in rows.iter().enumerate() {
        out += "<tr>";
        if with_wager {
            // The wager's name once, on its first row.
            let first = i == 0 || !std::ptr::eq(rows[i - 1].wager, r.wager);
            let name = if first { format!("<a href=\"{}\">{}</a>", esc(&link(from, &rows::wager_page(r.game, r.wager))), esc(&r.wager.title)) } else { String::new() };
            out += &format!("<td class=\"text\">{name}</td>");
        }
        let payback = r.payback().map_or("—".to_string(), |p| {
            let label = if r.payback_label == "payback" { String::new() } else { format!("<br><small>{}</small>", r.payback_label) };
            format!("{}{label}", esc(&pct(p, 3)))
        });
        let table = r.paytable.filter(|t| *t != "default").unwrap_or(if r.paytable.is_some() { "the table" } else { "strategy" });
        out += &format!(
            "<td class=\"id\"><a href=\"{}\">{}</a></td><td class=\"id\">{}</td><td class=\"id\">{}</td><td>{}</td><td>{payback}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td><td class=\"text\">{}</td></tr>",
            esc(&link(from, &r.page)),
            esc(table),
            esc(r.reading.unwrap_or("as written")),
            esc(r.basis().words()),
            r.house_edge().map_or("—".to_string(), |h| esc(&pct(h, 3))),
            r.hit_frequency.map_or("—".to_string(), |h| esc(&pct(h.value(), 2))),
            r.standard_deviation.map_or("—".to_string(), |v| esc(&format!("{:.3}", v.parse::<f64>().unwrap_or(f64::NAN)))),
            published_cell(r),
            flags_cell(r)
        );
    }
    out + "</tbody></table></div>"
}

/// The house edge of every paytable and reading, with what was published for it: a figure of one
/// row as a red line on its bar, a range of the wager's every paytable as a band over the plot.
/// Bars are drawn on the basis the published figures are checked on (a main game's payback is per
/// total wagered), else on the rows' own basis.
fn edge_chart(rows: &[&Row]) -> String {
    let Some(w) = rows.first().map(|r| r.wager) else { return String::new() };
    // A printed figure as a house edge in percent: a payback p as 100 − p.
    let as_edge = |printed: &str, kind: &str| -> Option<(f64, f64)> {
        let house = kind == "hold" || kind == "house-edge";
        let conv = |t: &str| t.trim().trim_end_matches('%').parse::<f64>().ok().map(|v| if house { v } else { 100.0 - v });
        match printed.split_once(" to ") {
            Some((a, b)) => Some((conv(a)?.min(conv(b)?), conv(a)?.max(conv(b)?))),
            None => conv(printed).map(|v| (v, v)),
        }
    };
    let checks = || w.published.iter().flat_map(|f| f.checks.iter().map(move |c| (f, &c.check))).filter(|(_, c)| c.misprint_corrected.is_none());
    let basis = checks().map(|(_, c)| c.basis).find(|b| rows.iter().all(|r| r.figures.get(*b).is_some_and(|f| f.house_edge.is_some())));
    let basis = basis.unwrap_or(rows[0].basis());
    let is_range = |printed: &str| printed.contains(" to ");
    // A range printed for every paytable (no paytable of its own) is one band over all bars.
    let range = w.published.iter().find(|f| f.paytable.is_none() && is_range(&f.printed)).and_then(|f| {
        let (low, high) = as_edge(&f.printed, &f.kind)?;
        Some(chart::Range { low, high, text: format!("{} {}", f.kind, f.printed) })
    });
    let bars: Vec<Bar> = rows
        .iter()
        .filter_map(|r| {
            let edge = 100.0 * parsheet_paytable::Decimal(r.figures.get(basis)?.house_edge.as_ref()?.value()).to_f64();
            let mark = checks()
                .filter(|(f, c)| !(f.paytable.is_none() && is_range(&f.printed)) && c.basis == basis && c.reading.as_deref() == r.reading)
                .find(|(_, c)| c.paytable == "all" || Some(c.paytable.as_str()) == r.paytable)
                .and_then(|(f, _)| as_edge(&f.printed, &f.kind));
            Some(Bar { label: short_label(r), value: edge, text: format!("{edge:.3}%"), mark })
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    let axis = format!("house edge, % {}", if basis == Basis::PerUnit { "of the wager".to_string() } else { basis.words().to_string() });
    chart::bars("House edge (long-run where a meter pays)", &bars, &axis, "%", Scale::Linear, range.as_ref())
        + "<p class=\"note\">Bars: computed house edge (orange: the player's edge). A published payback p is drawn at 100% − p.</p>"
}

/// Rounds until the realised payback is within ±1 point of the expected one, 95% of the time.
fn volatility_chart(rows: &[&Row]) -> String {
    let bars: Vec<Bar> = rows
        .iter()
        .filter_map(|r| {
            let sd: f64 = r.standard_deviation?.parse().ok()?;
            let n = rounds_within_a_point(sd);
            Some(Bar { label: short_label(r), value: n, text: grouped(&format!("{:.0}", n.ceil())), mark: None })
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    chart::bars("Volatility: rounds to within ±1 point of the payback", &bars, "rounds (log scale)", "", Scale::Log, None)
        + "<p class=\"note\">Rounds after which the realised payback lies within ±1 percentage point of the expected payback 95% of the time: n = (1.96 σ / 0.01)², σ the standard deviation per unit wagered (normal approximation).</p>"
}

fn return_chart(w: &WagerSection, sheet: &Sheet, t: &SheetTable) -> String {
    let Some(a) = t.analysis.as_ref().filter(|a| a.progressive.is_none()) else { return String::new() };
    let bars: Vec<Bar> = a
        .outcomes
        .iter()
        .map(|o| {
            let r = o.contribution.value();
            Bar { label: hand(w, Some(t), &o.outcome), value: parsheet_paytable::Decimal(r).to_f64(), text: per_unit(r), mark: None }
        })
        .collect();
    if bars.is_empty() {
        return String::new();
    }
    chart::bars(&format!("Return by hand, paytable {}, {}", t.id, reading_title(sheet.reading.as_deref())), &bars, "return per unit wagered", "", Scale::Linear, None)
}

/// The checks of one published figure by paytable, in order: (the check of the default
/// reading, the others).
fn by_paytable<'a>(checks: &[&'a CheckExplained]) -> Vec<(&'a CheckExplained, Vec<&'a CheckExplained>)> {
    let mut tables: Vec<&str> = Vec::new();
    for c in checks {
        if !tables.contains(&c.check.paytable.as_str()) {
            tables.push(&c.check.paytable);
        }
    }
    tables
        .iter()
        .map(|t| {
            let group: Vec<&CheckExplained> = checks.iter().copied().filter(|c| c.check.paytable == *t).collect();
            let d = group.iter().copied().find(|c| c.check.default_reading).unwrap_or(group[0]);
            (d, group.into_iter().filter(|c| !std::ptr::eq(*c, d)).collect())
        })
        .collect()
}

/// A deviation in units of the printed figure's last place: "1.39 units of the last printed
/// place (0.01%)".
fn units_words(deviation: &BigRational, places: usize) -> String {
    let unit = BigRational::new(1.into(), num_bigint::BigInt::from(10u32).pow(places as u32 + 2));
    let units = num_traits::Signed::abs(deviation) / &unit;
    format!("{} units of the last printed place, {}%", parsheet_paytable::Decimal(&units).with_places(2), parsheet_paytable::Decimal(&unit).percent(places))
}

/// What a PAR sheet states before its figures (every sheet of a wager alike): the game and
/// wager in words, the rules and deal with their sections, parsheet's reading with its basis,
/// and the basis the figures are on.
fn sheet_head(g: &GameSection, w: &WagerSection, basis: &str) -> String {
    let section = if w.section.is_empty() { String::new() } else { format!(" (§ {})", esc(&w.section)) };
    let mut out = format!("<div class=\"sheet-head\"><p>{} ({}), {}{section}.", esc(&g.title), esc(&chapter_words(&g.chapter)), esc(&w.title));
    if let Some(r) = rules_and_deal(w) {
        out += &format!(" {}", esc(&r));
    }
    out += &format!(" Figures {}.</p>", esc(basis));
    if let Some(d) = &w.default_reading {
        out += &format!("<p>parsheet's reading: <code>{}</code> (the figure to certify is checked on it). <em>Basis:</em> {}</p>", esc(&d.value), prose(d.basis.as_deref().unwrap_or("")));
    }
    out + "</div>"
}

/// The assumptions of a record, each with its source ("printed", "default: …", "given").
fn assumptions_html(said: &[parsheet_app::vocab::Assumption]) -> String {
    if said.is_empty() {
        return String::new();
    }
    let items: String = said.iter().map(|a| format!("<li>{}</li>", esc(&a.words()))).collect();
    format!("<h3>Assumptions</h3><ul>{items}</ul>")
}

/// One check as an HTML list item: paytable, reading, computed value, status, reason, detail,
/// and the one-line changes that would reproduce it.
fn check_item(ce: &CheckExplained, certify: bool) -> String {
    let c = &ce.check;
    let reading = c.reading.as_deref().map_or(String::new(), |r| format!(", reading {r}"));
    let computed = computed_text(c).map_or(String::new(), |(p, _)| format!(": computed {p}"));
    let deviation = c.deviation.as_ref().map_or(String::new(), |d| format!(", deviation {} points ({})", parsheet_paytable::Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 3), units_words(d.value(), c.places)));
    let misprint = match (&c.candidate, &c.misprint_corrected) {
        (Some(id), Some(m)) => format!(" <em>(candidate {}: {})</em>", esc(id), esc(m)),
        _ => String::new(),
    };
    let mark = if certify { " <strong>(parsheet's reading: the figure to certify)</strong>" } else { "" };
    let mut out = format!(
        "<li>paytable {}{}{}{}{misprint}{mark} — <span class=\"{}\">{}</span>.",
        esc(&c.paytable),
        esc(&reading),
        esc(&computed),
        esc(&deviation),
        status_class(c.status),
        esc(c.status.name()),
    );
    // A reason or detail may quote a note of the tables, with its marks.
    if let Some(r) = &c.reason {
        out += &format!(" {}.", prose(r));
    }
    // The figure's note is shown once above, not in every check.
    out += &format!(" <span class=\"note\">{}</span>", prose(c.detail.split("; table note: ").next().unwrap_or("")));
    let ex = &ce.explanations;
    if !ex.is_empty() {
        let plausible = ce.plausible.min(ex.len());
        out += "<ul>";
        for e in &ex[..plausible] {
            out += &format!("<li>{}</li>", esc(e));
        }
        out += "</ul>";
        if ex.len() > plausible {
            out += &format!("<details><summary>{} less plausible one-line changes</summary><ul>", ex.len() - plausible);
            for e in &ex[plausible..] {
                out += &format!("<li>{}</li>", esc(e));
            }
            out += "</ul></details>";
        }
    }
    out + "</li>"
}

fn published_html(w: &WagerSection, only: Option<&str>) -> String {
    let mut out = String::new();
    for f in &w.published {
        let checks: Vec<&CheckExplained> = f.checks.iter().filter(|c| only.is_none_or(|t| c.check.paytable == t)).collect();
        if only.is_some() && checks.is_empty() && f.paytable.as_deref() != only {
            continue;
        }
        let table = f.paytable.as_deref().map_or("all paytables".to_string(), |t| format!("paytable {t}"));
        out += &format!("<li><strong>{} {}</strong> ({}; {})", esc(&f.kind), esc(&f.printed), esc(&table), esc(&parsheet_app::explain::cite(&f.section)));
        if let Some(n) = &f.note {
            out += &format!("<p class=\"note\">{}</p>", prose(n));
        }
        out += "<ul>";
        for (d, others) in by_paytable(&checks) {
            out += &check_item(d, d.check.default_reading);
            if !others.is_empty() {
                out += &format!("<li><details><summary>{} other check{} (other readings, other terms, candidate corrections of the print)</summary><ul>", others.len(), if others.len() == 1 { "" } else { "s" });
                for c in others {
                    out += &check_item(c, false);
                }
                out += "</ul></details></li>";
            }
        }
        out += &format!("</ul><p class=\"note\">“{}”</p></li>", esc(&f.quote));
    }
    if out.is_empty() {
        out
    } else {
        format!("<h2 id=\"published\">Published figures</h2><ul>{out}</ul>")
    }
}

fn wager_pages(g: &GameSection, w: &WagerSection, all: &[Row]) -> Vec<Page> {
    let path = rows::wager_page(g, w);
    let mine: Vec<&Row> = all.iter().filter(|r| std::ptr::eq(r.wager, w)).collect();
    let crumbs = |extra: Option<String>| {
        let mut c = vec![(g.title.clone(), Some(format!("index.html#{}", g.game))), (w.title.clone(), Some(path.clone()))];
        if let Some(e) = extra {
            c.push((e, None));
        }
        c
    };
    let section = if w.section.is_empty() { String::new() } else { format!("§ {} · ", esc(&w.section)) };
    let mut body = format!("<h1>{}: {}</h1><p>{section}wager <code>{}</code></p>", esc(&g.title), esc(&w.title), esc(&w.id));
    if let Some(r) = rules_and_deal(w) {
        body += &format!("<p>{}</p>", esc(&r));
    }
    if !w.readings.is_empty() {
        body += "<p>The regulation leaves this open, so each reading is computed:</p><ul>";
        for r in &w.readings {
            let rejected = w.rejected_readings.iter().find(|x| x.reading == r.id).map_or(String::new(), |x| format!(" <span class=\"flag\">Rejected by the notes:</span> {}", prose(&x.note)));
            body += &format!("<li><code>{}</code>: {}{rejected}</li>", esc(&r.id), esc(&r.description));
        }
        body += "</ul>";
    }
    if let Some(d) = &w.default_reading {
        body += &format!("<p class=\"default-reading\">parsheet's reading, on which every figure to certify is checked: <code>{}</code>. <em>Basis:</em> {}</p>", esc(&d.value), prose(d.basis.as_deref().unwrap_or("")));
    }
    if !w.computed {
        let reason = esc(w.reason.as_deref().unwrap_or("").trim_end_matches('.'));
        if w.paytables.is_empty() {
            body += &format!("<p><em>{reason}.</em> The regulation prints no paytable for it.</p>");
        } else {
            body += &format!("<p><em>{reason}.</em> The approved paytables:</p><ul>");
            for p in &w.paytables {
                let lines: Vec<String> = p.lines.iter().map(|l| format!("{} {}", l.hand.as_deref().unwrap_or(&l.outcome), l.pays)).collect();
                body += &format!("<li>{}: {}</li>", esc(&p.id), esc(&lines.join("; ")));
            }
            body += "</ul>";
        }
    }
    let mut pages = Vec::new();
    if !mine.is_empty() {
        body += "<h2 id=\"summary\">Summary</h2>";
        body += &summary_html(&mine, &path, false);
        body += &main_par_html(&mine);
        body += &edge_chart(&mine);
        body += &volatility_chart(&mine);
    }
    for sheet in &w.sheets {
        if sheet.paytables.is_empty() {
            body += &format!(
                "<h2>Outcomes, {} (cycle {})</h2><p>No approved paytable is printed; the frequencies of the outcomes:</p>",
                esc(&reading_title(sheet.reading.as_deref())),
                esc(&grouped(&sheet.cycle.0.to_string()))
            );
            body += &html_table(&outcome_table(w, sheet));
        }
    }
    if let Some(h) = &w.house_ways {
        body += "<h2 id=\"house-ways\">Every built-in house way, and the range over all house ways</h2><ul>";
        for line in crate::house_ways::summary_lines(h) {
            body += &format!("<li>{}</li>", esc(&line));
        }
        body += "</ul>";
        body += &html_table(&crate::house_ways::ways_table(h));
        body += &format!(
            "<p>This table and its bounds, exact: <a href=\"{}\">{HOUSE_WAYS_CSV}</a>, and the sheet <i>House ways</i> of <a href=\"{}\">report.xlsx</a>.</p>",
            esc(&link(&path, HOUSE_WAYS_CSV)),
            esc(&link(&path, "report.xlsx"))
        );
        body += "<h3>The default way against the dealer-best way, by dealer hand shape</h3>";
        body += &html_table(&crate::house_ways::shapes_table(h));
    }
    if let Some(e) = &w.way_edits {
        let (line, table) = crate::house_ways::edits_table(e);
        body += &format!("<h3 id=\"way-edits\">House-way edits against the published figure</h3><p>{}</p>", esc(&line));
        body += &html_table(&table);
    }
    body += &published_html(w, None);
    if !w.notes.is_empty() {
        body += "<h2 id=\"notes\">Notes of the tables</h2>";
        for n in &w.notes {
            body += &format!("<p class=\"note\">{}</p>", prose(n));
        }
    }
    pages.push(Page { path: path.clone(), title: format!("{} — {}", g.title, w.title), crumbs: crumbs(None), body });
    // A page per main-game strategy.
    for st in &w.strategy {
        let a = &st.analysis;
        let (decisions, outcomes, summary) = strategy_tables(st);
        let table = a.paytable.as_deref().map_or(String::new(), |t| format!(", paytable {t}"));
        let title = format!("Optimal strategy, reading {}{table}", a.reading);
        let mut body = format!("<h1>{}: {}</h1><h2>{}</h2>", esc(&g.title), esc(&w.title), esc(&title));
        body += &sheet_head(g, w, "per Ante, per initial wager and per total wagered, as each is labelled; a published figure is compared on its own basis (a payback per total wagered, a hold per initial wager)");
        if let Some(rule) = &a.setting_rule {
            body += &format!("<p><strong>Setting rule:</strong> {}</p>", esc(rule));
        }
        if let Some(way) = &a.house_way {
            let options = if a.house_way_options.is_empty() { "no options".to_string() } else { a.house_way_options.join("; ") };
            body += &format!("<p><strong>The dealer's house way:</strong> <code>{}</code>; its options: {}.</p>", esc(way), esc(&options));
        }
        body += "<ul>";
        for l in summary {
            body += &format!("<li>{}</li>", esc(&l));
        }
        body += &format!("</ul><h3>Outcomes under the strategy (cycle {})</h3>", esc(&grouped(&a.cycle.0.to_string())));
        body += &html_table(&outcomes);
        body += "<h3>The strategy: expected net per Ante of each play</h3>";
        body += &html_table(&decisions);
        body += &crate::strategy_page::html(st, &format!("../../csv/{}-{}-{}.csv", g.game, w.id, crate::strategy_page::csv_name(st)));
        body += &assumptions_html(&a.assumptions);
        body += &published_html(w, None);
        pages.push(Page { path: rows::strategy_page(g, w, &a.reading, a.paytable.as_deref()), title: format!("{} — {}", w.title, title), crumbs: crumbs(Some(title)), body });
    }
    // A PAR sheet page per paytable: every reading of it.
    for p in &w.paytables {
        let id = p.id.as_str();
        let sheets: Vec<(&Sheet, &SheetTable)> = w.sheets.iter().filter_map(|sh| sh.paytables.iter().find(|t| t.id == id).map(|t| (sh, t))).collect();
        if sheets.is_empty() {
            continue;
        }
        let page_path = rows::sheet_page(g, w, id);
        let title = format!("Paytable {id}");
        let mut body = format!("<h1>{}: {}, paytable {}</h1>", esc(&g.title), esc(&w.title), esc(id));
        body += &sheet_head(g, w, "per unit wagered (house edge, payback, hit frequency, variance and standard deviation of one unit's net result)");
        body += &format!("<p>Paytable § {}", esc(&p.section));
        let terms: Vec<String> = p.terms.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        if !terms.is_empty() {
            body += &format!(" · printed terms: {}", esc(&terms.join("; ")));
        }
        body += "</p>";
        if sheets.len() > 1 {
            body += "<p>Readings on this page: ";
            body += &sheets
                .iter()
                .map(|(sh, _)| {
                    let r = sh.reading.as_deref().unwrap_or("as-written");
                    format!("<a href=\"#reading-{}\">{}</a>", esc(r), esc(r))
                })
                .collect::<Vec<_>>()
                .join(" · ");
            body += "</p>";
        }
        for (sh, t) in &sheets {
            let reading = sh.reading.as_deref();
            body += &format!("<h2 id=\"reading-{}\">{}</h2>", esc(reading.unwrap_or("as-written")), esc(&reading_title(reading)));
            if let Some(d) = reading.and_then(|r| w.readings.iter().find(|x| x.id == r)) {
                body += &format!("<p>{}</p>", esc(&d.description));
            }
            if let Some(f) = &t.reading_flag {
                body += &format!("<p class=\"flag\">{}</p>", esc(f));
            }
            if t.analysis.as_ref().and_then(|a| a.figures.payback.as_ref()).is_some_and(|p| *p.value() > BigRational::from_integer(1.into())) {
                body += "<p class=\"flag\">The payback is above 100%: as printed, this table gives the player the edge.</p>";
            }
            if t.analysis.as_ref().filter(|a| a.figures.payback.is_none()).and_then(|a| a.progressive.as_ref()).is_some_and(|m| *m.long_run_payback_without_rate.value() > BigRational::from_integer(1.into())) {
                body += "<p class=\"flag\">The long-run payback is above 100% at any rate of progression (the fixed pays and the reset alone exceed it): under this reading, this table gives the player the edge.</p>";
            }
            body += &html_table(&par_sheet(w, sh, t));
            if let Some(a) = &t.analysis {
                body += &assumptions_html(&a.assumptions);
            }
            if let Some(a) = t.analysis.as_ref().filter(|a| a.progressive.is_some()) {
                body += "<h3>Progressive model</h3><ul>";
                for l in model_lines(a) {
                    body += &format!("<li>{}</li>", esc(&l));
                }
                body += "</ul>";
                if let Some(a) = award_table(w, t) {
                    body += &html_table(&a);
                }
                if let Some((words, e)) = envy_table(t) {
                    body += &format!("<h3>Envy by the number of other players</h3><p>{}</p>", esc(&words));
                    body += &html_table(&e);
                }
            }
            body += &return_chart(w, sh, t);
        }
        body += &published_html(w, Some(id));
        if !p.notes.is_empty() {
            body += "<h2 id=\"notes\">Notes on this paytable</h2>";
            for n in &p.notes {
                body += &format!("<p class=\"note\">{}</p>", prose(n));
            }
        }
        pages.push(Page { path: page_path, title: format!("{} — {}, {title}", g.title, w.title), crumbs: crumbs(Some(title)), body });
    }
    pages
}

fn index_page(report: &Report, all: &[Row], pages: &[Page]) -> Page {
    let mut body = format!(
        "<h1>Hold report</h1><p>Generated by {} from {}; Face Up Pai Gow's house way: {}. Every figure is computed exactly over every deal; decimals are rounded for display, exact fractions are in the PAR sheets and exports.</p>",
        esc(&report.generator),
        esc(&report.tables),
        esc(&report.house_way.words())
    );
    body += "<p>One row per wager, paytable and reading, each on its basis (a side bet per unit wagered, a main game per Ante). <span class=\"flag\">Flags</span> mark paybacks above 100% and readings that the notes reject or that a table does not print.</p>";
    let checks: Vec<&parsheet_app::verify::Check> = report.games.iter().flat_map(|g| &g.wagers).flat_map(|w| &w.published).flat_map(|f| &f.checks).map(|c| &c.check).collect();
    let counts = crate::terminal::status_counts(checks.iter().copied());
    let figures: usize = counts.iter().map(|c| c.1).sum();
    body += &format!(
        "<h2 id=\"certify\">Published figures</h2><p>{figures} figures to certify, one per published figure and paytable on parsheet's reading (the default of the tables, with its reason on each wager's page): {}. The other readings, terms and candidate corrections of the print are checked too, folded beneath each figure on its wager's page.</p><ul>{}</ul>",
        esc(&crate::terminal::counts_words(&counts)),
        Status::ALL
        .iter()
        .map(|s| format!("<li><span class=\"{}\">{}</span>: {}</li>", status_class(*s), s.name(), esc(s.meaning())))
        .collect::<String>()
    );
    body += "<h2 id=\"contents\">Contents</h2><ul class=\"toc\">";
    for g in &report.games {
        body += &format!("<li><a href=\"#{}\">{}</a><ul>", esc(&g.game), esc(&g.title));
        for w in &g.wagers {
            let n = pages.iter().filter(|p| p.path.starts_with(&format!("{}/{}/", g.game, w.id))).count();
            let more = if n > 0 { format!(" <small>({n} sheet{})</small>", if n == 1 { "" } else { "s" }) } else { String::new() };
            body += &format!("<li><a href=\"{}\">{}</a>{more}</li>", esc(&rows::wager_page(g, w)), esc(&w.title));
        }
        body += "</ul></li>";
    }
    body += "</ul>";
    for g in &report.games {
        body += &format!("<h2 id=\"{}\">{} <small>({})</small></h2>", esc(&g.game), esc(&g.title), esc(&chapter_words(&g.chapter)));
        let mine: Vec<&Row> = all.iter().filter(|r| std::ptr::eq(r.game, g)).collect();
        if !mine.is_empty() {
            body += &summary_html(&mine, "index.html", true);
            body += &main_par_html(&mine);
        }
        let uncomputed: Vec<String> =
            g.wagers.iter().filter(|w| !all.iter().any(|r| std::ptr::eq(r.wager, *w))).map(|w| format!("<a href=\"{}\">{}</a>", esc(&rows::wager_page(g, w)), esc(&w.title))).collect();
        if !uncomputed.is_empty() {
            body += &format!("<p>Without a computed paytable: {}.</p>", uncomputed.join(", "));
        }
    }
    Page { path: "index.html".into(), title: "Hold report".into(), crumbs: vec![], body }
}

/// The report's exports every page links to, by path from the root: `house-ways.csv` where the
/// report carries house ways (and so writes it).
pub fn exports(report: &Report) -> Vec<&'static str> {
    let mut out = vec!["summary.csv"];
    if report.games.iter().flat_map(|g| &g.wagers).any(|w| w.house_ways.is_some()) {
        out.push(HOUSE_WAYS_CSV);
    }
    out.extend(["provenance.csv", "report.xlsx", "report.json", "report.md"]);
    out
}

/// The file of the house-way table and its bounds, beside `summary.csv`.
pub const HOUSE_WAYS_CSV: &str = "house-ways.csv";

/// Every HTML page of the report, by path from the root, in reading order.
pub fn site(report: &Report) -> Vec<(String, String)> {
    let all = rows::rows(report);
    let mut pages: Vec<Page> = Vec::new();
    for g in &report.games {
        for w in &g.wagers {
            pages.extend(wager_pages(g, w, &all));
        }
    }
    let index = index_page(report, &all, &pages);
    pages.insert(0, index);
    let footer = provenance_html(&report.provenance);
    let exports = exports(report);
    (0..pages.len())
        .map(|i| {
            let p = &pages[i];
            let here = &p.path;
            let mut crumbs = vec![format!("<a href=\"{}\">Hold report</a>", esc(&link(here, "index.html")))];
            for (label, to) in &p.crumbs {
                crumbs.push(match to {
                    Some(t) if !t.starts_with(here.as_str()) => format!("<a href=\"{}\">{}</a>", esc(&link(here, t)), esc(label)),
                    _ => esc(label),
                });
            }
            let prev = i.checked_sub(1).map(|j| format!("<a href=\"{}\" rel=\"prev\">← {}</a>", esc(&link(here, &pages[j].path)), esc(&pages[j].title))).unwrap_or_default();
            let next = pages.get(i + 1).map(|n| format!("<a href=\"{}\" rel=\"next\">{} →</a>", esc(&link(here, &n.path)), esc(&n.title))).unwrap_or_default();
            let exports = exports.iter().map(|f| format!("<a href=\"{}\">{f}</a>", esc(&link(here, f)))).collect::<Vec<_>>().join(" · ");
            let html = format!(
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{STYLE}{}</style></head>\n<body><header class=\"site\"><nav class=\"crumbs\" aria-label=\"breadcrumb\"><span>{}</span><span class=\"exports\">Exports: {exports}</span></nav><nav class=\"pager\" aria-label=\"pages\"><span>{prev}</span><span>{next}</span></nav></header>\n<main>{}</main>\n{footer}\n</body></html>\n",
                esc(&p.title),
                crate::style::LAYOUT,
                crumbs.join(" › "),
                p.body
            );
            (p.path.clone(), html)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// CSV

/// One CSV per reading and paytable: (file name suffix, contents).
pub fn csv_files(w: &WagerSection) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for sheet in &w.sheets {
        for t in &sheet.paytables {
            let Some(a) = &t.analysis else { continue };
            let mut csv = String::from("outcome,hand,pays,combinations,probability,return,probability_decimal,return_decimal\n");
            for o in &a.outcomes {
                let (p, r) = (o.probability.value(), o.contribution.value());
                let fixed = a.progressive.is_none();
                csv += &format!(
                    "{},{},{},{},{},{},{},{}\n",
                    csv_cell(&o.outcome),
                    csv_cell(&hand(w, Some(t), &o.outcome)),
                    csv_cell(&o.pays),
                    o.combinations.0,
                    parsheet_paytable::fraction(p),
                    if fixed { parsheet_paytable::fraction(r) } else { String::new() },
                    parsheet_paytable::Decimal(p).with_places(12),
                    if fixed { parsheet_paytable::Decimal(r).with_places(12) } else { String::new() }
                );
            }
            let name = match &sheet.reading {
                Some(r) => format!("{}-{r}", t.id),
                None => t.id.clone(),
            };
            files.push((name, csv));
        }
    }
    for st in &w.strategy {
        if let Some(p) = &st.player {
            files.push((crate::strategy_page::csv_name(st), crate::strategy_page::plan_csv(p)));
        }
    }
    files
}

pub const SUMMARY_HEADER: [&str; 25] = [
    "game",
    "wager",
    "paytable",
    "reading",
    "basis",
    "house_edge",
    "house_edge_percent",
    "payback_percent",
    "payback_kind",
    "hit_frequency_percent",
    "standard_deviation",
    "published",
    "status",
    "status_detail",
    "flags",
    "page",
    // A main game's PAR figures (empty for a side bet, whose basis is the unit wagered).
    "house_edge_per_ante_percent",
    "house_edge_per_initial_wager_percent",
    "element_of_risk_percent",
    "average_wager_antes",
    "initial_wager_antes",
    "variance_per_ante",
    "variance_per_initial_wager",
    "standard_deviation_per_ante",
    "standard_deviation_per_initial_wager",
];

/// A main game's house edge on `basis`.
fn main_edge(m: &parsheet_app::main_game::MainGameAnalysis, basis: Basis) -> Option<&BigRational> {
    m.figures.get(basis).and_then(|f| f.house_edge.as_ref()).map(parsheet_app::Exact::value)
}

/// The summary rows as text cells, in the order of [`SUMMARY_HEADER`].
pub fn summary_cells(r: &Row) -> Vec<String> {
    let mut cells = vec![
        r.game.game.clone(),
        r.wager.id.clone(),
        r.paytable.unwrap_or("").to_string(),
        r.reading.unwrap_or("").to_string(),
        r.basis().words().to_string(),
        r.house_edge().map(parsheet_paytable::fraction).unwrap_or_default(),
        r.house_edge().map(|h| parsheet_paytable::Decimal(h).percent(6)).unwrap_or_default(),
        r.payback().map(|p| parsheet_paytable::Decimal(p).percent(6)).unwrap_or_default(),
        r.payback_label.to_string(),
        r.hit_frequency.map(|h| parsheet_paytable::Decimal(h.value()).percent(4)).unwrap_or_default(),
        r.standard_deviation.unwrap_or("").to_string(),
        r.published.iter().map(|p| format!("{} {}", p.1, p.0)).collect::<Vec<_>>().join("; "),
        r.published.iter().map(|p| p.3.id()).collect::<Vec<_>>().join("; "),
        r.published.iter().map(|p| p.2.clone()).collect::<Vec<_>>().join("; "),
        r.flags.join("; "),
        r.page.clone(),
    ];
    let pct6 = |v: Option<&BigRational>| v.map(|v| parsheet_paytable::Decimal(v).percent(6)).unwrap_or_default();
    let dec = |v: &BigRational| parsheet_paytable::Decimal(v).with_places(6);
    match r.main {
        Some(m) => cells.extend([
            pct6(main_edge(m, Basis::PerAnte)),
            pct6(main_edge(m, Basis::PerInitialWager)),
            pct6(main_edge(m, Basis::PerTotalWagered)),
            dec(m.average_wager.value()),
            dec(m.initial_wager.value()),
            dec(m.variance_per_ante.value()),
            dec(m.variance_per_initial_wager.value()),
            m.standard_deviation_per_ante.clone(),
            m.standard_deviation_per_initial_wager.clone(),
        ]),
        None => cells.extend(std::iter::repeat_n(String::new(), 9)),
    }
    cells
}

/// A main game's PAR figures, each labelled with its basis: one row per solved reading.
fn main_par_html(rows: &[&Row]) -> String {
    let mains: Vec<(&Row, &parsheet_app::main_game::MainGameAnalysis)> = rows.iter().filter_map(|r| r.main.map(|m| (*r, m))).collect();
    if mains.is_empty() {
        return String::new();
    }
    let header = [
        "Reading",
        "House edge per Ante",
        "House edge per initial wager",
        "Element of risk (house edge per total wagered)",
        "Average wager (Antes)",
        "Hit frequency P(net > 0)",
        "Variance per Ante",
        "SD per Ante",
        "SD per initial wager",
    ];
    let rows = mains
        .iter()
        .map(|(r, m)| {
            let reading = match r.paytable.filter(|t| *t != "default") {
                Some(t) => format!("{}, paytable {t}", m.reading),
                None => m.reading.clone(),
            };
            vec![
                reading,
                main_edge(m, Basis::PerAnte).map_or("—".into(), |v| pct(v, 4)),
                main_edge(m, Basis::PerInitialWager).map_or("—".into(), |v| pct(v, 4)),
                main_edge(m, Basis::PerTotalWagered).map_or("—".into(), |v| pct(v, 4)),
                parsheet_paytable::Decimal(m.average_wager.value()).with_places(4),
                pct(m.hit_frequency.value(), 4),
                parsheet_paytable::Decimal(m.variance_per_ante.value()).with_places(4),
                format!("{:.4}", m.standard_deviation_per_ante.parse::<f64>().unwrap_or(f64::NAN)),
                format!("{:.4}", m.standard_deviation_per_initial_wager.parse::<f64>().unwrap_or(f64::NAN)),
            ]
        })
        .collect();
    format!(
        "<h3>Main game: PAR figures</h3>{}<p class=\"note\">The house edge per Ante is the expected loss over the Ante; per initial wager, over what is wagered before the deal; the element of risk, over the average total wagered, raises included. Hit frequency: the chance the net result is positive. Variance and SD of the net result, in Antes and in initial wagers.</p>",
        html_table(&Table { header: header.map(String::from).to_vec(), rows, summary: vec![] })
    )
}

/// `summary.csv`: one row per wager × paytable × reading.
pub fn summary_csv(report: &Report) -> String {
    let mut out = SUMMARY_HEADER.join(",") + "\n";
    for r in rows::rows(report) {
        out += &summary_cells(&r).iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",");
        out += "\n";
    }
    out
}
