//! For every published figure that does not reproduce, the single-line paytable changes that
//! would reproduce it at the printed precision (`parsheet explain`, the report's mismatches).

use num_rational::BigRational;
use parsheet_paytable::explore::{single_line_fixes, Window};
use parsheet_paytable::{analyze, Analysis, Decimal, OutcomeCounts, Pay, Paytable};
use parsheet_tables::{FigureKind, GameTables, PaytableEntry, Percent, Published, WagerTables};
use schemars::JsonSchema;
use serde::Serialize;

use crate::figure::{matches, Status};
use crate::verify::{counts_of, Check, Counted};
use crate::vocab::{Basis, Exact, Source};

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

/// Whether a change of a printed cell is plausible as a misprint: the pay it would have been is
/// within one character edit of the printed cell ("8 to 1" for "9 to 1", "25 to 1" for "125 to
/// 1"), or within half to twice the printed pay. Anything else (30466 to 1 for 1000 to 1) is a
/// different paytable, not a slip.
pub fn plausible_change(from: Option<&Pay>, to: &Pay) -> bool {
    let Some(from) = from else { return false };
    if edits(&from.to_string(), &to.to_string()) <= 1 {
        return true;
    }
    match (from.net(), to.net()) {
        (Some(a), Some(b)) if a > BigRational::from_integer(0.into()) => {
            let two = BigRational::from_integer(2.into());
            b >= &a / &two && b <= a * two
        }
        _ => false,
    }
}

/// What would make one paytable reproduce one printed figure: per line, the pays that would,
/// consecutive whole pays shown as one range (low to high), the plausible ones first
/// ([`plausible_change`]), each part ranked by [`plausibility`], then by the size of the change;
/// and how many are plausible. `siblings` are the wager's other tables.
pub fn explain_one(counts: &OutcomeCounts, table: &Paytable, siblings: &[&Paytable], kind: FigureKind, printed: &Percent, max_pay: u64) -> (Vec<String>, usize) {
    let window = Window::around_percent(&printed.value, printed.places);
    let fixes = match single_line_fixes(counts, table, &window, |a| figure_of(kind, a), max_pay) {
        Err(e) => return (vec![format!("cannot search: {e}")], 0),
        Ok(f) if f.is_empty() => return (vec!["no single-line change reproduces it".to_string()], 0),
        Ok(f) => f,
    };
    let whole = |p: &Pay| match p {
        Pay::To(x) if x.is_integer() => x.to_integer().try_into().ok(),
        _ => None::<i64>,
    };
    // (not plausible, plausibility, relative change, text) per group of fixes on one line.
    let mut groups: Vec<(bool, usize, f64, String)> = Vec::new();
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
        // A long range of whole pays is plausible where it meets half to twice the printed pay.
        let meets_ratio = match (f.from.as_ref().and_then(Pay::net), lo.to.net(), hi.to.net()) {
            (Some(a), Some(l), Some(h)) if a > BigRational::from_integer(0.into()) => h >= &a / BigRational::from_integer(2.into()) && l <= a * BigRational::from_integer(2.into()),
            _ => false,
        };
        let plausible = meets_ratio || members.iter().any(|to| plausible_change(f.from.as_ref(), to));
        let to = if j - i > 1 { format!("{} to {}", lo.to, hi.to) } else { lo.to.to_string() };
        let mut values = [figure_of(kind, &lo.analysis), figure_of(kind, &hi.analysis)];
        values.sort();
        let shown: Vec<String> = values.iter().map(|v| format!("{}%", Decimal(v).percent(printed.places + 3))).collect();
        let shown = if j - i > 1 { format!("{} to {}", shown[0], shown[1]) } else { shown[0].clone() };
        let to_net = lo.to.net().map_or(0.0, |n| Decimal(&n).to_f64());
        let relative = (to_net - from_net).abs() / from_net.abs().max(1.0);
        let why = if why.is_empty() { String::new() } else { format!("; {why}") };
        groups.push((!plausible, score, relative, format!("reproduced if {} paid {to} instead of {from} ({} {shown}{why})", f.outcome, kind.name())));
        i = j;
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.total_cmp(&b.2)));
    let plausible = groups.iter().filter(|g| !g.0).count();
    (groups.into_iter().map(|g| g.3).collect(), plausible)
}

/// The explanations of one check of a published figure that its own value does not reach.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Explanation {
    pub game: String,
    /// The wager as `parsheet analyze` names it (`base` for a main game).
    pub wager: String,
    /// The wager of the tables file the figure belongs to.
    pub tables_wager: String,
    pub paytable: String,
    pub reading: Option<String>,
    /// Whether this is the check of parsheet's default reading (the figure to certify).
    pub default_reading: bool,
    pub kind: String,
    pub printed: String,
    pub section: Option<String>,
    /// The basis the figure is compared on (a main game's payback per total wagered).
    pub basis: Basis,
    pub computed: Option<Exact>,
    pub deviation: Option<Exact>,
    /// The check's status and its reason (a misprint, another reading, an implied term and its
    /// value, or why nothing explains it), as `verify` gives them.
    pub status: Status,
    pub reason: Option<String>,
    /// The terms the check was computed under, in words (Envy from other players, say).
    pub terms: String,
    /// One-line changes that would reproduce it, the plausible first.
    pub explanations: Vec<String>,
    /// How many of them are plausible ([`plausible_change`]); the rest are less plausible.
    pub plausible: usize,
}

/// The one-line paytable changes that would make check `c` of figure `f` reproduce, and how
/// many are plausible; nothing for a check that reaches its figure, a corrected misprint, an
/// implied term (its reason says it all) or Envy from other players (the search is over the
/// fixed pays). A main game's edge is not linear in its pays, so it is not searched: its
/// figures on every basis are one command away.
pub fn explain_check(g: &GameTables, w: &WagerTables, f: &Published, c: &Check, counted: &mut Counted, max_pay: u64) -> Result<(Vec<String>, usize), String> {
    if c.status.reaches() || c.status == Status::NotComputed || c.misprint_corrected.is_some() || c.implied.is_some() {
        return Ok((vec![], 0));
    }
    let Ok(known) = parsheet_games::find(&g.game, &w.id) else {
        if parsheet_games::strategy::strategy_of_wager(&g.game, &w.id).is_some() {
            let reading = c.reading.as_deref().map(|r| format!(" --variant {r}")).unwrap_or_default();
            return Ok((vec![format!("a main game's strategy changes with its pays, so no one-line change is searched; the published figure is {}: its figures on every basis (per Ante, per initial wager, per total wagered): parsheet analyze {} base{reading}", c.basis.words(), g.game)], 0));
        }
        return Ok((vec![], 0));
    };
    if c.assumptions.iter().any(|a| a.name == "players" && a.source == Source::Given) {
        return Ok((vec![], 0));
    }
    let counts = counts_of(counted, known, c.reading.as_deref())?.clone();
    let siblings = |p: &PaytableEntry| -> Vec<&Paytable> { w.paytables.iter().filter(|o| o.table.id != p.table.id).map(|o| &o.table).collect() };
    match (&f.value, &f.range) {
        (Some(v), _) => {
            let Some(p) = w.paytables.iter().find(|p| p.table.id == c.paytable) else { return Ok((vec![], 0)) };
            if analyze(&counts, &p.table).is_err() {
                return Ok((vec![], 0));
            }
            Ok(explain_one(&counts, &p.table, &siblings(p), f.kind, v, max_pay))
        }
        (None, Some((lo, hi))) => {
            // Each end the range misses belongs to the paytable that computes nearest to it.
            let values: Vec<(&PaytableEntry, BigRational)> = w.paytables.iter().filter_map(|p| analyze(&counts, &p.table).ok().map(|a| (p, figure_of(f.kind, &a)))).collect();
            let (mut plausible, mut rest) = (Vec::new(), Vec::new());
            for (end, name) in [(lo, "low"), (hi, "high")] {
                if values.iter().any(|(_, v)| matches(v, end)) {
                    continue;
                }
                let Some((p, _)) = values.iter().min_by_key(|(_, v)| num_traits::Signed::abs(&(v - &end.value))) else { continue };
                let (lines, n) = explain_one(&counts, &p.table, &siblings(p), f.kind, end, max_pay);
                let said = |l: &String| format!("{name} end {} (paytable {}): {l}", end.text, p.table.id);
                plausible.extend(lines[..n].iter().map(said));
                rest.extend(lines[n..].iter().map(said));
            }
            let n = plausible.len();
            plausible.extend(rest);
            Ok((plausible, n))
        }
        _ => Ok((vec![], 0)),
    }
}

/// Every check of a published figure of `games` that its own value does not reach, with its
/// status, reason and one-line changes ([`explain_check`]); `tick` after each figure. Face Up
/// Pai Gow's main game is left to `analyze --house-way` (its edge depends on the house way).
pub fn explanations(games: &[GameTables], max_pay: u64, cx: &crate::verify::Context, tick: &dyn Fn()) -> Result<Vec<Explanation>, String> {
    crate::inputs::check_max_pay(max_pay)?;
    let mut counted = Counted::new();
    let mut doc = Vec::new();
    for g in games {
        for w in &g.wagers {
            let main = parsheet_games::strategy::strategy_of_wager(&g.game, &w.id).filter(|_| parsheet_games::find(&g.game, &w.id).is_err());
            for f in &w.published {
                tick();
                if main.is_some_and(|sg| sg.needs_house_way()) {
                    continue;
                }
                for c in crate::verify::figure_checks(g, w, f, &mut counted, cx) {
                    if c.status.reaches() || c.status == Status::NotComputed || c.misprint_corrected.is_some() {
                        continue;
                    }
                    let (lines, plausible) = explain_check(g, w, f, &c, &mut counted, max_pay)?;
                    let terms = c.assumptions.iter().filter(|a| a.name != "reading" && a.source == Source::Given).map(|a| format!("{} {}", a.name, a.value)).collect::<Vec<_>>().join(", ");
                    doc.push(Explanation {
                        game: g.game.clone(),
                        wager: if main.is_some() { parsheet_games::MAIN.into() } else { w.id.clone() },
                        tables_wager: w.id.clone(),
                        paytable: c.paytable,
                        reading: c.reading,
                        default_reading: c.default_reading,
                        kind: c.kind,
                        printed: c.published,
                        section: Some(f.section.clone()),
                        basis: c.basis,
                        computed: c.computed,
                        deviation: c.deviation,
                        status: c.status,
                        reason: c.reason,
                        terms,
                        explanations: lines,
                        plausible,
                    });
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
    fn plausible_means_one_character_or_half_to_twice_the_pay() {
        assert!(plausible_change(Some(&pay("8 to 1")), &pay("9 to 1")));
        assert!(plausible_change(Some(&pay("125 to 1")), &pay("25 to 1")));
        assert!(plausible_change(Some(&pay("100 to 1")), &pay("180 to 1")));
        assert!(plausible_change(Some(&pay("100 to 1")), &pay("50 to 1")));
        assert!(!plausible_change(Some(&pay("100 to 1")), &pay("223 to 1")));
        assert!(!plausible_change(Some(&pay("1000 to 1")), &pay("30466 to 1")));
        assert!(!plausible_change(None, &pay("9 to 1")));
    }

    #[test]
    fn citations_name_a_section_only_for_sections() {
        assert_eq!(cite("688a.12(d)"), "§ 688a.12(d)");
        assert_eq!(cite("Preamble, final-form rulemaking 125-223"), "Preamble, final-form rulemaking 125-223");
    }
}
