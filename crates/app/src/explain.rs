//! For every published figure that does not reproduce, the single-line paytable changes that
//! would reproduce it at the printed precision (`parsheet explain`, the report's mismatches).

use num_rational::BigRational;
use parsheet_paytable::explore::{single_line_fixes, Window};
use parsheet_paytable::{analyze, Analysis, Decimal, OutcomeCounts, Pay, Paytable};
use parsheet_tables::{FigureKind, GameTables, Percent};
use schemars::JsonSchema;
use serde::Serialize;

use crate::figure::matches;
use crate::vocab::Exact;

/// The figure of the kind published: the house edge for a hold, else the payback.
pub fn figure_of(kind: FigureKind, a: &Analysis) -> BigRational {
    if kind.is_house_share() {
        a.house_edge.clone()
    } else {
        a.payback.clone()
    }
}

/// A citation of a published figure's source: "§ 688a.12(d)" for a section of the code,
/// the words alone for a preamble or a form ("Preamble, final-form rulemaking 125-223").
pub fn cite(section: &str) -> String {
    if section.starts_with(|c: char| c.is_ascii_digit()) {
        format!("§ {section}")
    } else {
        section.to_string()
    }
}

/// Edit distance between two short texts (insertions, deletions, substitutions of characters):
/// how far a misprint would be from the printed cell.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// How plausible a fix is as the cell that was meant (lower is more plausible), and why in words.
/// A misprint is most often a small slip in a printed cell: a digit changed, dropped or added,
/// to another whole pay; where the wager's other tables print this line differently, the cell
/// is one that varies between tables, and a pay that a sibling table prints is the likeliest.
fn plausibility(outcome: &str, from: Option<&Pay>, to: &Pay, siblings: &[&Paytable]) -> (usize, String) {
    let mut score = from.map_or(8, |f| 2 * edits(&f.to_string(), &to.to_string()).min(4));
    // A slip that also moves the pay by an order of magnitude (100 read for 870) is less likely
    // than one that stays near it (8 for 9), unless a digit was dropped or added.
    let net = |p: &Pay| p.net().map(|n| Decimal(&n).to_f64()).filter(|n| *n > 0.0);
    if let (Some(a), Some(b)) = (from.and_then(net), net(to)) {
        score += ((b / a).log10().abs().round() as usize).min(3);
    }
    let mut why = match from.map(|f| edits(&f.to_string(), &to.to_string())) {
        None | Some(0) => String::new(),
        Some(1) => "one character from the printed cell".to_string(),
        Some(n) => format!("{n} characters from the printed cell"),
    };
    if !matches!(to, Pay::To(x) if x.is_integer()) {
        score += 1;
    }
    let sibling_pays: Vec<(&str, &Pay)> = siblings.iter().filter_map(|t| t.pay(outcome).map(|p| (t.id.as_str(), p))).collect();
    if let Some((id, _)) = sibling_pays.iter().find(|(_, p)| *p == to) {
        score = score.saturating_sub(2);
        why = format!("as paytable {id} prints it");
    } else if sibling_pays.iter().all(|(_, p)| Some(*p) == from) && !sibling_pays.is_empty() {
        // Every other table prints this cell as this one does: a slip here is less likely.
        score += 1;
    }
    (score, why)
}

/// What would make one paytable reproduce one printed figure: per line, the pays that would,
/// consecutive whole pays shown as one range (low to high), the most plausible first
/// ([`plausibility`]), then by the size of the change. `siblings` are the wager's other tables.
pub fn explain_one(counts: &OutcomeCounts, table: &Paytable, siblings: &[&Paytable], kind: FigureKind, printed: &Percent, max_pay: u64) -> Vec<String> {
    let window = Window::around_percent(&printed.value, printed.places);
    let fixes = match single_line_fixes(counts, table, &window, |a| figure_of(kind, a), max_pay) {
        Err(e) => return vec![format!("cannot search: {e}")],
        Ok(f) if f.is_empty() => return vec!["no single-line change reproduces it".to_string()],
        Ok(f) => f,
    };
    let whole = |p: &Pay| match p {
        Pay::To(x) if x.is_integer() => x.to_integer().try_into().ok(),
        _ => None::<i64>,
    };
    // (plausibility, relative change, text) per group of fixes on one line.
    let mut groups: Vec<(usize, f64, String)> = Vec::new();
    let mut i = 0;
    while i < fixes.len() {
        let f = &fixes[i];
        let from = f.from.as_ref().map_or("no line".to_string(), |p| p.to_string());
        let from_net = f.from.as_ref().and_then(|p| p.net()).map_or(-1.0, |n| Decimal(&n).to_f64());
        let mut j = i + 1;
        if let Some(first) = whole(&f.to) {
            while j < fixes.len() && fixes[j].outcome == f.outcome && whole(&fixes[j].to) == Some(first + (j - i) as i64) {
                j += 1;
            }
        }
        // The group is as plausible as its most plausible member (a long range is scored at its
        // ends and a sample, enough to find a one-digit slip near the printed pay).
        let members: Vec<&Pay> = if j - i <= 64 { fixes[i..j].iter().map(|x| &x.to).collect() } else { vec![&fixes[i].to, &fixes[j - 1].to] };
        let (score, why) = members.iter().map(|to| plausibility(&f.outcome, f.from.as_ref(), to, siblings)).min_by_key(|x| x.0).expect("a group has members");
        let (lo, hi) = (&fixes[i], &fixes[j - 1]);
        let to = if j - i > 1 { format!("{} to {}", lo.to, hi.to) } else { lo.to.to_string() };
        let mut values = [figure_of(kind, &lo.analysis), figure_of(kind, &hi.analysis)];
        values.sort();
        let shown: Vec<String> = values.iter().map(|v| format!("{}%", Decimal(v).percent(printed.places + 3))).collect();
        let shown = if j - i > 1 { format!("{} to {}", shown[0], shown[1]) } else { shown[0].clone() };
        let to_net = lo.to.net().map_or(0.0, |n| Decimal(&n).to_f64());
        let relative = (to_net - from_net).abs() / from_net.abs().max(1.0);
        let why = if why.is_empty() { String::new() } else { format!("; {why}") };
        groups.push((score, relative, format!("reproduced if {} paid {to} instead of {from} ({} {shown}{why})", f.outcome, kind.name())));
        i = j;
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    groups.into_iter().map(|g| g.2).collect()
}

/// How many of the ranked fixes to show before the rest: the plausible few.
pub const PLAUSIBLE: usize = 3;

/// The explanations of one published figure that does not reproduce under one paytable and
/// reading.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Explanation {
    pub game: String,
    /// The wager as `parsheet analyze` names it (`base` for a main game).
    pub wager: String,
    /// The wager of the tables file the figure belongs to.
    pub tables_wager: String,
    pub paytable: String,
    pub reading: Option<String>,
    pub kind: String,
    pub printed: String,
    pub section: Option<String>,
    pub computed: Option<Exact>,
    /// Changes that would reproduce it, the most plausible first.
    pub explanations: Vec<String>,
    /// How many of them are plausible (the rest are listed as less plausible).
    pub plausible: usize,
}

/// Every published figure of `games` that does not reproduce, explained; `tick` after each.
pub fn explanations(games: &[GameTables], max_pay: u64, cx: &crate::verify::Context, tick: &dyn Fn()) -> Result<Vec<Explanation>, String> {
    crate::inputs::check_max_pay(max_pay)?;
    let mut counted = crate::verify::Counted::new();
    let mut doc = Vec::new();
    for g in games {
        for w in &g.wagers {
            let Ok(wager) = parsheet_games::find(&g.game, &w.id) else {
                for _ in &w.published {
                    tick();
                }
                if let Some(sg) = parsheet_games::strategy::strategy_of_wager(&g.game, &w.id).filter(|sg| !sg.needs_house_way()) {
                    // A main game: its strategy changes with its pays, so a one-line change is a
                    // re-solve per candidate; say where that is done instead of guessing.
                    let line = if sg.game == "dj-wild" {
                        format!("parsheet explore {} base --target-edge X% --line OUTCOME solves a Blind line under the re-solved strategy", sg.game)
                    } else {
                        format!("its figures: parsheet analyze {} base", sg.game)
                    };
                    for f in &w.published {
                        for c in crate::verify::figure_checks(g, w, f, &mut counted, cx).into_iter().filter(|c| c.status == crate::figure::Status::Differs && c.misprint_corrected.is_none()) {
                            doc.push(Explanation {
                                game: g.game.clone(),
                                wager: parsheet_games::MAIN.into(),
                                tables_wager: w.id.clone(),
                                paytable: c.paytable,
                                reading: c.reading,
                                kind: c.kind,
                                printed: c.published,
                                section: Some(f.section.clone()),
                                computed: c.computed,
                                explanations: vec![line.clone()],
                                plausible: 1,
                            });
                        }
                    }
                }
                continue;
            };
            let variants: Vec<Option<&str>> = if wager.variants.is_empty() { vec![None] } else { wager.variants.iter().map(|v| Some(v.id)).collect() };
            for f in &w.published {
                tick();
                for &variant in &variants {
                    let counts = crate::verify::counts_of(&mut counted, wager, variant)?.clone();
                    // Each printed value with the paytables it may belong to.
                    let targets: Vec<(&Percent, Vec<&parsheet_tables::PaytableEntry>)> = match (&f.value, &f.range) {
                        (Some(v), _) => vec![(v, w.paytables.iter().filter(|p| f.paytable.as_ref().is_none_or(|t| &p.table.id == t)).collect())],
                        (None, Some((lo, hi))) => {
                            // A range: each end belongs to the paytable that computes nearest to it.
                            let mut ends = Vec::new();
                            let values: Vec<(&parsheet_tables::PaytableEntry, BigRational)> =
                                w.paytables.iter().filter_map(|p| analyze(&counts, &p.table).ok().map(|a| (p, figure_of(f.kind, &a)))).collect();
                            for end in [lo, hi] {
                                if values.iter().any(|(_, v)| matches(v, end)) {
                                    continue;
                                }
                                let nearest = values.iter().min_by_key(|(_, v)| num_traits::Signed::abs(&(v - &end.value)));
                                ends.push((end, nearest.map(|(p, _)| vec![*p]).unwrap_or_default()));
                            }
                            ends
                        }
                        _ => vec![],
                    };
                    for (printed, tables) in targets {
                        for p in tables {
                            let Ok(a) = analyze(&counts, &p.table) else { continue };
                            let computed = figure_of(f.kind, &a);
                            if matches(&computed, printed) {
                                continue;
                            }
                            let siblings: Vec<&Paytable> = w.paytables.iter().filter(|o| o.table.id != p.table.id).map(|o| &o.table).collect();
                            let lines = explain_one(&counts, &p.table, &siblings, f.kind, printed, max_pay);
                            doc.push(Explanation {
                                game: g.game.clone(),
                                wager: w.id.clone(),
                                tables_wager: w.id.clone(),
                                paytable: p.table.id.clone(),
                                reading: variant.map(str::to_string),
                                kind: f.kind.name().to_string(),
                                printed: printed.text.clone(),
                                section: Some(f.section.clone()),
                                computed: Some(Exact(computed)),
                                plausible: lines.len().min(PLAUSIBLE),
                                explanations: lines,
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parsheet_paytable::Line;

    fn pay(t: &str) -> Pay {
        t.parse().unwrap()
    }

    #[test]
    fn a_slip_in_one_digit_is_more_plausible_than_a_new_pay() {
        assert_eq!(edits("8 to 1", "9 to 1"), 1);
        assert_eq!(edits("125 to 1", "25 to 1"), 1);
        let near = plausibility("two-pair", Some(&pay("8 to 1")), &pay("9 to 1"), &[]);
        let far = plausibility("straight-flush", Some(&pay("100 to 1")), &pay("870 to 1"), &[]);
        let huge = plausibility("five-wilds", Some(&pay("2000 to 1")), &pay("45468 to 1"), &[]);
        assert!(near.0 < far.0 && far.0 < huge.0, "{near:?} {far:?} {huge:?}");
        assert_eq!(near.1, "one character from the printed cell");
    }

    #[test]
    fn a_pay_a_sibling_table_prints_is_the_likeliest() {
        let sibling = Paytable { id: "DJWT-05".into(), lines: vec![Line { outcome: "straight-flush-with-wild".into(), pay: pay("25 to 1") }] };
        let with = plausibility("straight-flush-with-wild", Some(&pay("125 to 1")), &pay("25 to 1"), &[&sibling]);
        let without = plausibility("straight-flush-with-wild", Some(&pay("125 to 1")), &pay("25 to 1"), &[]);
        assert!(with.0 < without.0);
        assert_eq!(with.1, "as paytable DJWT-05 prints it");
    }

    #[test]
    fn citations_name_a_section_only_for_sections() {
        assert_eq!(cite("688a.12(d)"), "§ 688a.12(d)");
        assert_eq!(cite("Preamble, final-form rulemaking 125-223"), "Preamble, final-form rulemaking 125-223");
    }
}
