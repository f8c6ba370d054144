//! What the commands print for people: aligned tables, CSV and Markdown of the records. JSON is
//! the record itself (`serde_json`), so it is not here.

use num_rational::BigRational;
use parsheet_app::explain::{cite, Explanation};
use parsheet_app::main_game::MainGameAnalysis;
use parsheet_app::progressive::{money, ProgressiveAnalysis};
use parsheet_app::verify::Check;
use parsheet_app::wager::WagerAnalysis;
use parsheet_app::{Assumption, Basis, Exact, Figures};
use parsheet_paytable::{fraction, Decimal};

use crate::format::pct;

/// A CSV cell: defused and quoted where needed (`format::csv_cell`, the one rule of every CSV).
fn quoted(t: &str) -> String {
    crate::format::csv_cell(t)
}

/// The assumptions of a record, one line.
pub fn assumptions_line(said: &[Assumption]) -> String {
    said.iter().map(Assumption::words).collect::<Vec<_>>().join("; ")
}

/// The line every output of a table changed by `--pays` carries.
fn changed_line(paytable: &str, changed: &[parsheet_app::pays::Changed]) -> Option<String> {
    let base = paytable.strip_suffix("+pays")?;
    let lines: Vec<String> = changed.iter().map(|c| format!("{} {} (was {})", c.outcome, c.pays, c.was.as_deref().unwrap_or("no line"))).collect();
    (!changed.is_empty()).then(|| format!("paytable {paytable} is {base} with lines changed by --pays: {}", lines.join("; ")))
}

/// The two columns a CSV of a table changed by `--pays` ends its rows with.
fn changed_columns(paytable: &str, changed: &[parsheet_app::pays::Changed]) -> String {
    if changed.is_empty() {
        return String::new();
    }
    let lines: Vec<String> = changed.iter().map(|c| format!("{} {} (was {})", c.outcome, c.pays, c.was.as_deref().unwrap_or("no line"))).collect();
    format!(",{},{}", quoted(paytable), quoted(&lines.join("; ")))
}

/// The figures of a record in words, one line per basis: "house edge per Ante 3.467376% =
/// 1/29 · payback 96.532624%".
fn figure_lines(f: &Figures) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for x in &f.figures {
        let edge = x.house_edge.as_ref().map_or("—".to_string(), |e| format!("{} = {}", pct(e.value(), 6), fraction(e.value())));
        let payback = x.payback.as_ref().map_or("—".to_string(), |p| pct(p.value(), 6));
        let primary = if x.basis == f.primary_basis { " (primary)" } else { "" };
        out.push((format!("house edge {}{primary}", x.basis.words()), edge));
        out.push((format!("payback {}", x.basis.words()), payback));
    }
    for note in f.house_edge_note.iter().chain(f.payback_note.iter().filter(|p| Some(*p) != f.house_edge_note.as_ref())) {
        out.push(("note".into(), note.clone()));
    }
    out
}

/// `analyze GAME WAGER` as a table or Markdown.
pub fn wager_text(a: &WagerAnalysis, markdown: bool) -> String {
    let mut out = String::new();
    let reading = a.reading.as_deref().map(|v| format!(", reading {v}")).unwrap_or_default();
    let changed = changed_line(&a.paytable, &a.changed_lines).map(|c| format!("{c}\n\n")).unwrap_or_default();
    let head = format!("{} {} — paytable {}{reading}", a.game, a.wager, a.paytable);
    let w = a.outcomes.iter().map(|r| r.outcome.len()).max().unwrap_or(7).max(7);
    if markdown {
        out += &format!("### {head}\n\n{changed}| outcome | pays | combinations | probability | return |\n|---|---|--:|--:|--:|\n");
    } else {
        out += &format!("{head}\n\n{changed}{:<w$}  {:>20}  {:>16}  {:>12}  {:>12}\n", "outcome", "pays", "combinations", "probability", "return");
    }
    let model = a.progressive.is_some();
    for r in &a.outcomes {
        let p = Decimal(r.probability.value()).with_places(10);
        let ret = if model { "—".to_string() } else { Decimal(r.contribution.value()).with_places(10) };
        if markdown {
            out += &format!("| {} | {} | {} | {p} | {ret} |\n", r.outcome, r.pays, r.combinations.0);
        } else {
            out += &format!("{:<w$}  {:>20}  {:>16}  {p:>12}  {ret:>12}\n", r.outcome, r.pays, r.combinations.0);
        }
    }
    let mut summary = vec![("cycle".to_string(), a.cycle.0.to_string())];
    summary.extend(figure_lines(&a.figures));
    if let Some(h) = &a.hit_frequency {
        summary.push(("hit frequency".into(), pct(h.value(), 6)));
    }
    if let Some(sd) = &a.standard_deviation {
        summary.push(("standard deviation".into(), sd.clone()));
    }
    if !a.assumptions.is_empty() {
        summary.push(("assumptions".into(), assumptions_line(&a.assumptions)));
    }
    out += "\n";
    for (k, v) in summary {
        out += &if markdown { format!("- {k}: {v}\n") } else { format!("{k:>32}: {v}\n") };
    }
    if let Some(m) = &a.progressive {
        out += &if markdown {
            String::new()
        } else if a.changed_lines.is_empty() {
            format!("\n(the progressive model: parsheet progressive {} {} --paytable {}; its meter awards and break-even meter below)\n", a.game, a.wager, a.paytable)
        } else {
            "\n(the progressive model of the table as changed: its meter awards and break-even meter below)\n".to_string()
        };
        out += &progressive_tail(m);
    }
    out
}

/// `analyze GAME WAGER --format csv`: one row per outcome.
pub fn wager_csv(a: &WagerAnalysis) -> String {
    let mut out = String::from("outcome,pays,combinations,probability,return,probability_decimal,return_decimal");
    let changed = changed_columns(&a.paytable, &a.changed_lines);
    out += if changed.is_empty() { "\n" } else { ",paytable,changed_lines\n" };
    for r in &a.outcomes {
        out += &format!(
            "{},{},{},{},{},{},{}{changed}\n",
            quoted(&r.outcome),
            quoted(&r.pays),
            r.combinations.0,
            fraction(r.probability.value()),
            fraction(r.contribution.value()),
            Decimal(r.probability.value()).with_places(12),
            Decimal(r.contribution.value()).with_places(12)
        );
    }
    out
}

/// `analyze GAME base` as a table (or Markdown): each outcome's net per Ante, its deals, its
/// probability and its share of the expected net; then the figures on each basis.
pub fn main_text(x: &MainGameAnalysis, markdown: bool) -> String {
    let mut out = String::new();
    let mut tables = vec![format!("reading {}", x.reading)];
    if let Some(p) = &x.paytable {
        tables.push(format!("paytable {p}"));
    }
    if let Some(b) = &x.bonus_paytable {
        tables.push(format!("bonus paytable {b}"));
    }
    if let Some(w) = &x.house_way {
        tables.push(format!("house way {}", parsheet_tables::printable(w)));
    }
    let head = format!("{} base — {} (§ {}), optimal strategy; {}", x.game, x.title, x.rules, tables.join(", "));
    let changed = x.paytable.as_deref().and_then(|p| changed_line(p, &x.changed_lines)).map(|c| format!("{c}\n\n")).unwrap_or_default();
    let w = x.outcomes.iter().map(|r| r.outcome.len()).max().unwrap_or(7).max(7);
    if markdown {
        out += &format!("### {head}\n\n{changed}| outcome | net per Ante | combinations | probability | return |\n|---|--:|--:|--:|--:|\n");
    } else {
        out += &format!("{head}\n\n{changed}{:<w$}  {:>14}  {:>22}  {:>12}  {:>12}\n", "outcome", "net per Ante", "combinations", "probability", "return");
    }
    for o in &x.outcomes {
        let (pd, rd) = (Decimal(o.probability.value()).with_places(10), Decimal(o.contribution.value()).with_places(10));
        if markdown {
            out += &format!("| {} | {} | {} | {pd} | {rd} |\n", o.outcome, fraction(o.net.value()), o.combinations.0);
        } else {
            out += &format!("{:<w$}  {:>14}  {:>22}  {pd:>12}  {rd:>12}\n", o.outcome, fraction(o.net.value()), o.combinations.0);
        }
    }
    let mut summary = vec![("cycle".to_string(), x.cycle.0.to_string())];
    summary.extend(figure_lines(&x.figures));
    summary.push(("initial wager".into(), format!("{} Antes", fraction(x.initial_wager.value()))));
    summary.push(("average total wagered".into(), format!("{} Antes = {}", Decimal(x.average_wager.value()).with_places(6), fraction(x.average_wager.value()))));
    summary.push(("hit frequency".into(), pct(x.hit_frequency.value(), 6)));
    summary.push(("standard deviation".into(), format!("{} per Ante, {} per initial wager", x.standard_deviation_per_ante, x.standard_deviation_per_initial_wager)));
    summary.push(("assumptions".into(), assumptions_line(&x.assumptions)));
    out += "\n";
    for (k, v) in summary {
        out += &if markdown { format!("- {k}: {v}\n") } else { format!("{k:>38}: {v}\n") };
    }
    for n in &x.notes {
        out += &if markdown { format!("- note: {n}\n") } else { format!("{:>38}: {n}\n", "note") };
    }
    if !markdown {
        out += &format!("\nthe decisions: parsheet strategy {}\n", x.game);
    }
    out
}

/// `analyze GAME base --format csv`: one row per outcome.
pub fn main_csv(x: &MainGameAnalysis) -> String {
    let mut out = String::from("outcome,net,combinations,probability,return,probability_decimal,return_decimal");
    let changed = changed_columns(x.paytable.as_deref().unwrap_or_default(), &x.changed_lines);
    out += if changed.is_empty() { "\n" } else { ",paytable,changed_lines\n" };
    for o in &x.outcomes {
        let (p, r) = (o.probability.value(), o.contribution.value());
        out += &format!("{},{},{},{},{},{},{}{changed}\n", quoted(&o.outcome), fraction(o.net.value()), o.combinations.0, fraction(p), fraction(r), Decimal(p).with_places(12), Decimal(r).with_places(12));
    }
    out
}

/// The meter part of a model: awards, reset funding, break-even, the payback at a meter.
fn progressive_tail(m: &ProgressiveAnalysis) -> String {
    let mut o = String::new();
    let exact = |v: &Exact| fraction(v.value());
    if !m.awards.is_empty() {
        o += &format!("payback per meter dollar   {}  (exact {})\n", pct(m.per_meter_dollar.value(), 6), exact(&m.per_meter_dollar));
        o += "meter awards:\n";
        for a in &m.awards {
            let one_in = a.one_in.as_ref().map_or("never".into(), |n| format!("1 in {}", Decimal(n.value()).with_places(1)));
            o += &format!("  {:<34} {:>16}  probability {} ({})  {one_in}\n", a.outcome, a.pays, Decimal(a.probability.value()).with_places(12), exact(&a.probability));
        }
        if let Some(f) = &m.reset_funding {
            o += &format!("reset funding P(top)·reset/W {}  (exact {})\n", pct(f.value(), 4), exact(f));
        }
        match &m.break_even_meter {
            Some(b) => o += &format!("break-even meter           {}  (exact {})\n", money(b.value()), exact(b)),
            None => o += "break-even meter           none: the payback is 100% or more at any meter\n",
        }
        if let (Some(r), Some(p)) = (&m.reset, &m.payback_at_reset) {
            o += &format!("payback at the reset ({})   {}  (exact {})\n", money(r.value()), pct(p.value(), 4), exact(p));
        }
        if let (Some(mv), Some(p)) = (&m.meter, &m.payback_at_meter) {
            o += &format!("payback at a {} meter   {}  (exact {})\n", money(mv.value()), pct(p.value(), 4), exact(p));
        }
    } else if m.meter.is_some() {
        o += "(no line pays from a meter, so --meter changes nothing)\n";
    }
    o
}

/// `parsheet progressive` as text.
pub fn progressive_text(m: &ProgressiveAnalysis) -> String {
    let mut o = format!("{} {}, paytable {}{}\n", m.game, m.wager, m.paytable, m.reading.as_deref().map(|v| format!(", reading {v}")).unwrap_or_default());
    o += &format!("assumptions: {}\n\n", assumptions_line(&m.assumptions));
    o += &format!("{:<36} {:>22} {:>14} {:>16} {:>12} {:>10}\n", "outcome", "pays", "combinations", "probability", "fixed/unit", "envy");
    for r in &m.outcomes {
        o += &format!(
            "{:<36} {:>22} {:>14} {:>16} {:>12} {:>10}\n",
            r.outcome,
            r.pays.as_deref().unwrap_or("-"),
            r.combinations.0,
            Decimal(r.probability.value()).with_places(12),
            Decimal(r.fixed_return.value()).with_places(4),
            if *r.envy.value() == BigRational::from_integer(0.into()) { "-".into() } else { money(r.envy.value()) }
        );
    }
    o += &format!("\nfixed return F             {}  (exact {})\n", pct(m.fixed_return.value(), 4), fraction(m.fixed_return.value()));
    if *m.envy.value() != BigRational::from_integer(0.into()) || m.assumptions.iter().any(|a| a.name == "players" && a.value != "0") {
        let players = m.assumptions.iter().find(|a| a.name == "players").map_or("0", |a| a.value.as_str());
        o += &format!("Envy E ({players} other players)  {}  (exact {}; {} per other player)\n", pct(m.envy.value(), 4), fraction(m.envy.value()), pct(m.envy_per_other_player.value(), 4));
    }
    match &m.figures.payback {
        Some(l) => o += &format!("long-run payback           {}  (exact {})\n", pct(l.value(), 4), fraction(l.value())),
        None => o += &format!("long-run payback           {} + rate of progression (no rate printed; give one with --rate)\n", pct(m.long_run_payback_without_rate.value(), 4)),
    }
    if let Some(e) = &m.figures.house_edge {
        o += &format!("house edge                 {}  (exact {})\n", pct(e.value(), 4), fraction(e.value()));
    }
    o + &progressive_tail(m)
}

/// `verify`: one row per check, as CSV (quoted where needed) or a Markdown table.
pub fn checks_rows(checks: &[Check], markdown: bool) -> String {
    let head = ["game", "wager", "paytable", "reading", "default_reading", "figure", "basis", "published", "computed_percent", "computed", "deviation_points", "status", "reason", "misprint_corrected", "detail"];
    let cell = |t: &str| if markdown { t.replace('|', "\\|") } else { quoted(t) };
    let line = |cells: Vec<String>| {
        let cells: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        if markdown {
            format!("| {} |\n", cells.join(" | "))
        } else {
            format!("{}\n", cells.join(","))
        }
    };
    let mut out = line(head.iter().map(|h| h.to_string()).collect());
    if markdown {
        out += &format!("|{}\n", "---|".repeat(head.len()));
    }
    for c in checks {
        out += &line(vec![
            c.game.clone(),
            c.wager.clone(),
            c.paytable.clone(),
            c.reading.clone().unwrap_or_default(),
            c.default_reading.to_string(),
            c.kind.clone(),
            c.basis.words().to_string(),
            c.published.clone(),
            c.computed.as_ref().map_or(String::new(), |v| Decimal(v.value()).percent(c.places + 4)),
            c.computed.as_ref().map_or(String::new(), |v| fraction(v.value())),
            c.deviation.as_ref().map_or(String::new(), |d| Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 4)),
            c.status.id().to_string(),
            c.reason.clone().unwrap_or_default(),
            c.misprint_corrected.clone().unwrap_or_default(),
            c.detail.clone(),
        ]);
    }
    out
}

/// The width `verify` and `explain` fit in: details wrap below their row.
pub const WIDTH: usize = 120;

/// `text` wrapped to `width` columns after `indent` spaces; a word longer than a line (an exact
/// fraction) is cut where the line ends.
pub fn wrap(text: &str, indent: usize, width: usize) -> String {
    let room = width.saturating_sub(indent).max(20);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let sep = usize::from(used > 0);
            if used + sep + word.len() <= room {
                if sep == 1 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            let rest = word.split_off(room);
            lines.push(word.iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.iter().map(|l| format!("{}{l}\n", " ".repeat(indent))).collect()
}

/// The status counts of the figures to certify (the checks of the default reading), in the
/// order of [`Status::ALL`].
pub fn status_counts<'a>(checks: impl IntoIterator<Item = &'a Check>) -> Vec<(parsheet_app::figure::Status, usize)> {
    let mut counts: Vec<(parsheet_app::figure::Status, usize)> = parsheet_app::figure::Status::ALL.iter().map(|s| (*s, 0)).collect();
    for c in checks.into_iter().filter(|c| c.default_reading) {
        if let Some(x) = counts.iter_mut().find(|x| x.0 == c.status) {
            x.1 += 1;
        }
    }
    counts
}

/// The counts in words: "13 reproduced, 2 rounding, ...".
pub fn counts_words(counts: &[(parsheet_app::figure::Status, usize)]) -> String {
    counts.iter().map(|(s, n)| format!("{n} {}", s.name())).collect::<Vec<_>>().join(", ")
}

fn check_line(c: &Check, mark: &str) -> String {
    let computed = c.computed.as_ref().map_or("-".to_string(), |v| format!("{}%", Decimal(v.value()).percent(c.places + 3)));
    let deviation = c.deviation.as_ref().map_or(String::new(), |d| {
        let t = Decimal(&(d.value() * BigRational::from_integer(100.into()))).with_places(c.places + 3);
        if t.starts_with('-') { format!("{t} points") } else { format!("+{t} points") }
    });
    let reading = c.reading.as_deref().unwrap_or("as written");
    // The candidate's id and corrections lead its detail; the column only marks it.
    let misprint = if c.candidate.is_some() { " (candidate)" } else { "" };
    format!("  {mark} {:<40} {:>12}  {:<16} {}\n", format!("{reading}{misprint}"), computed, c.status.name(), deviation)
}

/// `verify` as a table that fits [`WIDTH`] columns: per published figure and paytable, the
/// figure to certify (the default reading, marked `*`) with its status and reason, and the other
/// checks folded beneath it; the counts per status at the end.
pub fn checks_text(checks: &[Check]) -> String {
    let mut out = String::new();
    // Per published figure and paytable, in the order of first appearance.
    let mut groups: Vec<Vec<&Check>> = Vec::new();
    for c in checks {
        match groups.iter_mut().find(|g| g[0].game == c.game && g[0].wager == c.wager && g[0].figure == c.figure && g[0].paytable == c.paytable) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    for group in groups {
        let d = group.iter().copied().find(|c| c.default_reading).unwrap_or(group[0]);
        out += &format!("{} {} paytable {}: {} {} ({})\n", d.game, d.wager, d.paytable, d.kind, d.published, d.basis.words());
        out += &check_line(d, "*");
        if let Some(r) = &d.reason {
            out += &wrap(r, 6, WIDTH);
        }
        out += &wrap(&d.detail, 6, WIDTH);
        if let Some(v) = &d.computed {
            out += &wrap(&format!("exact: {}", fraction(v.value())), 6, WIDTH);
        }
        let others: Vec<&Check> = group.iter().copied().filter(|c| !std::ptr::eq(*c, d)).collect();
        if !others.is_empty() {
            out += &format!("    other checks ({}):\n", others.len());
            for c in others {
                out += &check_line(c, " ");
                if let Some(r) = &c.reason {
                    out += &wrap(r, 8, WIDTH);
                }
                out += &wrap(&c.detail, 8, WIDTH);
            }
        }
        out += "\n";
    }
    let defaults = checks.iter().filter(|c| c.default_reading).count();
    out += &wrap(
        &format!(
            "{defaults} figure{} to certify (one per published figure and paytable, on parsheet's default reading, marked *): {}; {} other check{} (other readings, other terms, candidate corrections of the print) as evidence",
            if defaults == 1 { "" } else { "s" },
            counts_words(&status_counts(checks)),
            checks.len() - defaults,
            if checks.len() - defaults == 1 { "" } else { "s" }
        ),
        0,
        WIDTH,
    );
    out
}

/// `explain` as text that fits [`WIDTH`] columns: per check that does not reach its figure, its
/// status and reason, then the plausible one-line changes and the less plausible ones.
pub fn explanations_text(ex: &[Explanation]) -> String {
    let mut out = String::new();
    for e in ex {
        let reading = e.reading.as_deref().map(|v| format!(", reading {v}")).unwrap_or_default();
        let mark = if e.default_reading { " (parsheet's reading)" } else { "" };
        let terms = if e.terms.is_empty() { String::new() } else { format!(", {}", e.terms) };
        let wager = if e.wager == e.tables_wager { e.wager.clone() } else { format!("{} (main game {})", e.tables_wager, e.wager) };
        let section = e.section.as_deref().map(|s| format!(" ({})", cite(s))).unwrap_or_default();
        let computed = e.computed.as_ref().map_or("-".to_string(), |c| pct(c.value(), 4));
        out += &wrap(
            &format!("{} {wager} paytable {}{reading}{mark}{terms}: published {} {}{section} {}, computed {computed}: {}", e.game, e.paytable, e.kind, e.printed, e.basis.words(), e.status.name()),
            0,
            WIDTH,
        );
        if let Some(r) = &e.reason {
            out += &wrap(r, 4, WIDTH);
        }
        for (k, line) in e.explanations.iter().enumerate() {
            if k == 0 && e.plausible > 0 {
                out += &format!("    plausible ({}): one character from the printed cell, or half to twice its pay\n", e.plausible);
            }
            if k == e.plausible {
                out += &format!("    less plausible ({}):\n", e.explanations.len() - e.plausible);
            }
            out += &wrap(line, 6, WIDTH);
        }
    }
    out
}

/// A figure's value on a basis, for tests and views that compare records.
pub fn figure_on(f: &Figures, basis: Basis) -> Option<&BigRational> {
    f.get(basis).and_then(|x| x.house_edge.as_ref()).map(Exact::value)
}

/// `parsheet strategy GAME` as a table: the decisions with the value of every play, then the
/// outcomes and figures.
pub fn strategy_text(st: &parsheet_app::main_game::StrategyRecord, description: &str) -> String {
    let a = &st.analysis;
    let mut out = format!("{} (§ {})\nreading {}: {description}\n\n", a.title, a.rules, a.reading);
    let width = st.decisions.iter().map(|d| d.situation.chars().count()).max().unwrap_or(9).max(9);
    out += &format!("{:<width$} {:<10}", "situation", "play");
    for p in &st.plays {
        out += &format!(" {p:>14}");
    }
    out += "\n";
    for d in &st.decisions {
        out += &format!("{:<width$} {:<10}", d.situation, d.play);
        for p in &st.plays {
            match d.options.iter().find(|o| o.play == *p) {
                Some(o) => out += &format!(" {:>14}", Decimal(o.expected_net.value()).with_places(6)),
                None => out += &format!(" {:>14}", "—"),
            }
        }
        out += "\n";
    }
    out += "\n(expected net result of each play per unit of Ante)\n\n";
    out + &main_text(a, false)
}

/// `parsheet strategy face-up-pai-gow`: both policies.
pub fn face_up_pai_gow_text(f: &parsheet_app::main_game::FaceUpPaiGowPolicies) -> String {
    let mut out = format!("{} (§ {})\nhouse way: {} ({})\ndeck: {}\n\n", f.title, f.rules, parsheet_tables::printable(&f.house_way), parsheet_tables::printable(&f.house_way_title), f.deck);
    for p in &f.policies {
        out += &format!("{}:\n", p.reading);
        for o in &p.outcomes {
            out += &format!("{:>14}: {:>22} deals\n", o.outcome, o.combinations.0);
        }
        out += &format!("{:>14}: {:>22} deals\n", "cycle", p.cycle.0);
        if let Some(e) = &p.figures.house_edge {
            out += &format!("    house edge: {} = {}\n", pct(e.value(), 6), fraction(e.value()));
        }
        if let Some(b) = p.figures.payback.as_ref() {
            out += &format!("       payback: {}\n", pct(b.value(), 6));
        }
        out += &format!("   hit frequency: {}; standard deviation {}\n\n", pct(p.hit_frequency.value(), 4), p.standard_deviation_per_ante);
    }
    out += &format!("The optimal setting, in words (right on every deal): {}\n", f.optimal_rule);
    out += "Surrender (688a.11(d)) forfeits the wager: never better than playing, whose worst result is the same loss.\n";
    out
}

fn edge_of(f: &Figures) -> String {
    match &f.house_edge {
        Some(e) => format!("{} = {}", pct(e.value(), 6), fraction(e.value())),
        None => "—".into(),
    }
}

/// `parsheet strategy face-up-pai-gow --ways`: every built-in way under both policies, and the
/// range over all house ways.
pub fn house_ways_text(h: &parsheet_app::house_ways::HouseWaysAnalysis) -> String {
    let mut out = format!("Face Up Pai Gow Poker: the main game against every built-in house way ({}; {})\n\n", h.deck, assumptions_line(&h.assumptions));
    out += &format!("{:<66} {:>12} {:>12} {:>10}\n", "house way", "optimal", "house-way", "set as");
    out += &format!("{:<66} {:>12} {:>12} {:>10}\n", "", "player", "player", "best way");
    let edge = |f: &Figures| f.house_edge.as_ref().map_or("—".to_string(), |e| pct(e.value(), 4));
    for w in &h.ways {
        let name = format!("{}{}", parsheet_tables::printable(&w.spec), if w.default_way { " (default)" } else { "" });
        let hw = w.house_way_player.as_ref().map_or("—".to_string(), edge);
        out += &format!("{:<66} {:>12} {:>12} {:>10}\n", name, edge(&w.optimal_player), hw, pct(w.alike_with_dealer_best.value(), 2));
    }
    out += "\n(house edge per unit wagered; — : not counted here, `parsheet analyze face-up-pai-gow base --house-way WAY --variant house-way-player` counts it)\n\n";
    let payback = |f: &Figures| f.payback.as_ref().map_or("—".to_string(), |p| pct(p.value(), 6));
    out += "The optimal player over every house way a casino could file (each dealer class set alike):\n";
    out += &format!("  dealer-best way:  house edge {}, payback {}\n", edge_of(&h.dealer_best), payback(&h.dealer_best));
    out += &format!("  dealer-worst way: house edge {}, payback {}\n", edge_of(&h.dealer_worst), payback(&h.dealer_worst));
    if let (Some(p), Some(inside)) = (&h.published, h.published_in_range) {
        out += &format!("  the published {p} {} that range\n", if inside { "lies in" } else { "lies outside" });
    }
    out += &format!("\n{} against the dealer-best way: {} of dealer hands set alike (as well for the house). Where they differ most:\n", parsheet_tables::printable(&h.compared_way), pct(h.compared_alike.value(), 2));
    for s in h.compared_by_shape.iter().take(8) {
        out += &format!(
            "  {:<12}{:<22} {:>9} of {:>9} hands set otherwise, worth {} of the edge\n",
            s.shape,
            if s.straight_or_flush { " (straight/flush)" } else { "" },
            s.set_otherwise.0,
            s.dealer_hands.0,
            pct(s.worth.value(), 4)
        );
        if let Some(e) = &s.example {
            out += &format!("      e.g. {e}\n");
        }
    }
    out
}

/// `parsheet explain face-up-pai-gow base`: the single-rule edits of a house way against the
/// published figure.
pub fn way_edits_text(e: &parsheet_app::house_ways::WayEdits) -> String {
    let payback = |f: &Figures| f.payback.as_ref().map_or("—".to_string(), |p| pct(p.value(), 6));
    let mut out = format!(
        "Face Up Pai Gow Poker, the optimal player against {}: payback {} (published {})\n{} single-rule edits tried ({} leave some hand unset)\n\n",
        parsheet_tables::printable(&e.house_way),
        payback(&e.optimal_player),
        e.published,
        e.edits_tried,
        e.edits_unset
    );
    let line = |w: &parsheet_app::house_ways::WayEdit| match (&w.optimal_player, &w.hands_touched) {
        (Some(f), Some(t)) => format!("  {:>11}  {:>8} of hands  {}\n", payback(f), pct(t.value(), 3), w.edit),
        _ => format!("  {:>11}  {:>8}           {} ({})\n", "—", "", w.edit, w.note.as_deref().unwrap_or("")),
    };
    if e.reproducing.is_empty() {
        out += &format!("No single-rule edit reproduces {} at its printed precision. The nearest:\n", e.published);
        for w in &e.nearest {
            out += &line(w);
        }
    } else {
        out += &format!("Edits whose payback prints as {} (fewest hands touched first):\n", e.published);
        for w in &e.reproducing {
            out += &line(w);
        }
    }
    out
}

/// Another policy of the same main game, in one line after the default's figures.
pub fn other_policy_line(o: &MainGameAnalysis, markdown: bool) -> String {
    let payback = o.figures.payback.as_ref().map_or("—".to_string(), |p| pct(p.value(), 6));
    let line = format!("{}: house edge {}, payback {} (--variant {})", o.reading, edge_of(&o.figures), payback, o.reading);
    if markdown { format!("\n- {line}\n") } else { format!("\n{line}\n") }
}

/// `parsheet simulate GAME WAGER` of a counted wager: outcome by outcome, then the edge.
pub fn wager_simulation_text(s: &parsheet_app::simulate::WagerSimulation) -> String {
    let mut out = String::new();
    let variant = s.variant.as_ref().map(|v| format!(", reading {v}")).unwrap_or_default();
    out += &format!("{} {} — paytable {}{variant}\n", s.game, s.wager, s.paytable);
    out += &format!("{} rounds, seed {}\n\n", s.rounds.0, s.seed.0);
    let w = s.outcomes.iter().map(|r| r.outcome.len()).max().unwrap_or(7).max(7);
    out += &format!("{:<w$}  {:>14}  {:>12}  {:>12}  {:>12}  {:>7}\n", "outcome", "pays", "count", "frequency", "exact", "z");
    for r in &s.outcomes {
        let z = match r.z_score {
            Some(z) => format!("{z:+.2}"),
            None if r.count.0 == 0 => "-".to_string(),
            None => "IMPOSSIBLE".to_string(),
        };
        let f = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| format!("{x:.10}"));
        out += &format!("{:<w$}  {:>14}  {:>12}  {:>12}  {:>12}  {z:>7}\n", r.outcome, r.pays, r.count.0, f(r.frequency), f(r.probability_decimal));
    }
    out += "\n";
    let summary = [
        ("simulated edge", format!("{} ± {} (one standard error)", sim_pct(s.house_edge_estimate), sim_pct(s.standard_error))),
        ("exact edge", format!("{}% = {}", s.exact_house_edge_percent, fraction(s.exact_house_edge.value()))),
        ("z-score", format!("{} {}", z_text(s.z_score), parsheet_app::simulate::Z_MEANS)),
        ("within 4 s.e.", if s.within_4_standard_errors { "yes" } else { "NO" }.to_string()),
    ];
    for (k, v) in summary {
        out += &format!("{k:>18}: {v}\n");
    }
    out
}

/// `parsheet simulate GAME base`: a main game played with the optimal strategy.
pub fn main_simulation_text(s: &parsheet_app::simulate::MainGameSimulation) -> String {
    let mut out = String::new();
    let mut against = String::new();
    if let Some(p) = &s.paytable {
        against += &format!(", paytable {p}");
    }
    if let Some(w) = &s.house_way {
        against += &format!(", house way {w}");
    }
    // Face Up Pai Gow's readings are the player's policies (the optimal one, or the house way).
    let played = if s.house_way.is_some() { "policy" } else { "optimal strategy, reading" };
    out += &format!("{} base — {played} {}{against}, {} rounds, seed {}\n\n", s.game, s.variant, s.rounds.0, s.seed.0);
    out += &format!("    simulated edge: {} ± {} per Ante (one standard error)\n", sim_pct(s.house_edge_estimate), sim_pct(s.standard_error));
    out += &format!("        exact edge: {}% = {}\n", s.exact_house_edge_percent, fraction(s.exact_house_edge.value()));
    out += &format!("           z-score: {} {}\n", z_text(s.z_score), parsheet_app::simulate::Z_MEANS);
    out += &format!("     within 4 s.e.: {}\n", if s.within_4_standard_errors { "yes" } else { "NO" });
    let wager = s.average_wager_estimate.map_or_else(|| "-".to_string(), |w| format!("{w:.4}"));
    out += &format!("     total wagered: {wager} Antes a round (exact {:.4})\n", Decimal(s.exact_average_wager.value()).to_f64());
    out
}

/// A simulated fraction as a percentage with four places (`-` where it is not finite).
fn sim_pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |x| format!("{:.4}%", 100.0 * x))
}

fn z_text(z: Option<f64>) -> String {
    z.map_or_else(|| "inf".to_string(), |z| format!("{z:+.2}"))
}

/// `parsheet strategy heads-up-holdem`: the pre-flop chart, the flop and river rules, the
/// strategy a player can follow, then the outcomes and figures.
pub fn heads_up_text(h: &parsheet_app::heads_up::HeadsUpStrategy, description: &str) -> String {
    let a = &h.analysis;
    let mut out = format!("{} (§ {})\nreading {}: {description}\nOdds paytable {}; {}; {}\n\n", a.title, a.rules, a.reading, h.odds_paytable, h.bad_beat_note, h.minimum_raise);
    out += &format!("Pre-flop: R = raise {}x, c = check; the number is the expected net of raising minus checking, per Ante.\n", fraction(h.preflop_raise.value()));
    out += "Suited hands above the diagonal, offsuit below, pairs on it.\n\n";
    out += &heads_up_chart(&h.chart);
    out += "\n";
    for (street, rule) in [("flop, after a pre-flop check", &h.flop_rule), ("river, after checking twice", &h.river_rule)] {
        out += &situation_rule_text(street, rule);
    }
    out += &crate::strategy_page::text(&h.player, a.cycle.0);
    for n in &a.notes {
        out += &format!("note: {n}\n");
    }
    out += "\nactions (deals of the cycle):\n";
    for x in &a.actions {
        out += &format!("  {:>22}: {:>16} deals, {}%\n", x.action, x.deals.0, x.probability.percent(4));
    }
    out += "\noutcomes under the strategy (net per Ante):\n";
    let ow = a.outcomes.iter().map(|o| o.outcome.len()).max().unwrap_or(5).max(5);
    for o in &a.outcomes {
        out += &format!("  {:>ow$}: {:>16} deals, net {}\n", o.outcome, o.combinations.0, fraction(o.net.value()));
    }
    out += &format!("  {:>ow$}: {:>16} deals (C(52,2)·C(50,3)·C(47,2)·C(45,2) = {})\n", "cycle", a.cycle.0, h.full_cycle.0);
    let edge = |basis| figure_on(&a.figures, basis).expect("a main game has a figure on every basis");
    let (ante, initial, risk) = (edge(Basis::PerAnte), edge(Basis::PerInitialWager), edge(Basis::PerTotalWagered));
    out += &format!("\n         house edge per Ante: {} = {}\n", pct(ante, 6), fraction(ante));
    out += &format!("house edge per initial wager: {} = {} (Ante + Odds = 2 Antes)\n", pct(initial, 6), fraction(initial));
    out += &format!("      average total wagered: {} Antes = {}\n", Decimal(a.average_wager.value()).with_places(6), fraction(a.average_wager.value()));
    out + &format!("            element of risk: {} of the total wagered = {}\n", pct(risk, 6), fraction(risk))
}

/// The 169 starting hands as the 13 × 13 chart: the play (R raises the most, m the minimum, c
/// checks) and the margin of raising over checking.
fn heads_up_chart(chart: &[parsheet_app::heads_up::ChartHand]) -> String {
    use parsheet_app::heads_up::Preflop;
    let rows = crate::strategy_page::starting_hands();
    let mut out = String::from("     ");
    for (rank, _) in &rows {
        out += &format!("{rank:>8}");
    }
    out += "\n";
    for (rank, hands) in &rows {
        out += &format!("{rank:>4} ");
        for name in hands {
            let k = chart.iter().find(|k| k.hand == *name).expect("169 starting hands");
            let play = match k.play {
                Preflop::RaiseMax => "R",
                Preflop::RaiseMin => "m",
                Preflop::Check => "c",
            };
            out += &format!("{:>8}", format!("{play}{}", Decimal(k.raise_over_check.value()).with_places(3)));
        }
        out += "\n";
    }
    out
}

/// A rule a dealer could teach, line by line, with the share of spots each gets right.
fn situation_rule_text(street: &str, r: &parsheet_app::heads_up::SituationRule) -> String {
    let share = |n: &parsheet_app::Count, d: &parsheet_app::Count| Decimal(&BigRational::new(n.0.into(), d.0.into())).percent(2);
    let mut out = format!("Rule for the {street}: right in {}% of its spots ({} of {})\n", r.share_right.percent(2), r.right.0, r.spots.0);
    let w = r.lines.iter().map(|l| l.situation.len()).max().unwrap_or(9);
    out += &format!("  {:<w$}  {:<6} {:>8} {:>9} {:>8}\n", "situation", "play", "spots %", "raise %", "right %");
    for l in &r.lines {
        out += &format!("  {:<w$}  {:<6} {:>8} {:>9} {:>8}\n", l.situation, l.play, share(&l.spots, &r.spots), share(&l.raises, &l.spots), l.share_right.percent(2));
    }
    out + "\n"
}

/// `parsheet strategy heads-up-holdem --hole …`: every play at one spot, the best marked.
pub fn heads_up_spot_text(s: &parsheet_app::heads_up::Spot) -> String {
    let board = if s.board.is_empty() { "-" } else { &s.board };
    let mut out = format!("hole {}, board {board}: {}; {}\n", s.hole, s.street, s.note);
    for o in &s.options {
        let mark = if o.play == s.best { "  <- best" } else { "" };
        out += &format!("  {:>10}: {:>10} per Ante = {}{mark}\n", o.play, o.expected_net_decimal, fraction(o.expected_net.value()));
    }
    out
}

/// `parsheet frequencies` as a table: each category's count, probability and "one in".
pub fn frequencies_text(f: &parsheet_app::frequencies::Frequencies) -> String {
    let mut out = format!("{} ranking, {}-card hands from {} cards\n\n", f.ranking, f.cards, f.deck);
    let width = f.categories.iter().map(|c| c.name.len()).max().unwrap_or(0).max("total".len());
    out += &format!("{:<width$}  {:>14}  {:>12}  {:>14}\n", "category", "combinations", "probability", "one in");
    for c in &f.categories {
        let n = c.combinations.0;
        // Floats only for display; the counts are exact.
        let p = n as f64 / f.total.0 as f64;
        let one_in = if n == 0 { "-".to_string() } else { format!("{:.2}", 1.0 / p) };
        out += &format!("{:<width$}  {n:>14}  {p:>12.8}  {one_in:>14}\n", c.name);
    }
    out + &format!("{:<width$}  {:>14}  {:>12.8}\n", "total", f.total.0, 1.0)
}

/// `parsheet frequencies` as CSV or Markdown rows: the exact count and the probability as an
/// exact fraction.
pub fn frequencies_rows(f: &parsheet_app::frequencies::Frequencies, markdown: bool) -> String {
    let row = |name: &str, n: u128| {
        let p = num_rational::Ratio::new(n, f.total.0);
        let cells = [name.to_string(), n.to_string(), if *p.denom() == 1 { p.numer().to_string() } else { format!("{}/{}", p.numer(), p.denom()) }];
        if markdown {
            format!("| {} |\n", cells.join(" | "))
        } else {
            format!("{}\n", cells.join(","))
        }
    };
    let mut out = if markdown { "| category | combinations | probability |\n|---|--:|--:|\n" } else { "category,combinations,probability\n" }.to_string();
    for c in &f.categories {
        out += &row(&c.name, c.combinations.0);
    }
    out + &row("total", f.total.0)
}
