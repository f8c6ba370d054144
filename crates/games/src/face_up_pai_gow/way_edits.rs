//! House-way edits that explain a figure: every single-rule change to a house way, each valued
//! exactly from the setting table ([`crate::face_up_pai_gow::main_game::table`]).
//!
//! A published payback (the regulator's 98.404% for Face Up Pai Gow) that no shipped way
//! reproduces may come from a way that differs in one rule. The edits tried are the small ones a
//! transcription or a casino's variation makes: a rule's play replaced by a play the way uses in
//! another rule, and a rank bound of a condition or play (`top_rank`'s ends, `single_at_least`,
//! `pair_at_least`, `low_at_least`) moved by one rank. Each edited way is applied to every dealer
//! class (one hand per class; a way sets a class's hands alike) and its optimal-player result is
//! a sum of table rows; an edit that leaves some hand unset is reported as such.
//!
//! Only the classes an edit can touch are set again: a play changed in rule i moves only the
//! classes whose first matching rule is i; a condition changed in rule i only those whose first
//! matching rule is i or later (a class may start or stop matching rule i).

use num_rational::BigRational;
use num_bigint::BigInt;
use rayon::prelude::*;

use crate::house_way::{facts, settings, Facts, HouseWay, Play, Setting};
use crate::face_up_pai_gow::main_game::table::{Outcome, SettingTable};

/// One single-rule change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Play `play` of rule `rule` replaced by play `with` of rule `from`.
    Play { rule: usize, play: usize, from: usize, with: usize },
    /// A rank bound of rule `rule` moved by `by` (±1).
    Bound { rule: usize, bound: BoundField, by: i8 },
}

/// The rank bounds an edit moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundField {
    /// `top_rank`'s lower end, or its upper end.
    TopRankFrom,
    TopRankTo,
    SingleAtLeast,
    PairAtLeast,
    /// `low_at_least` of the rule's play with this index.
    LowAtLeast(usize),
}

/// An edit with the edited way and what it does.
#[derive(Clone, Debug)]
pub struct Edited {
    pub edit: Edit,
    /// In words, naming the rule.
    pub description: String,
    pub way: HouseWay,
    /// The optimal player's result, or why the edited way is not one (a hand left unset).
    pub result: Result<EditResult, String>,
}

#[derive(Clone, Debug)]
pub struct EditResult {
    pub outcome: Outcome,
    /// Dealer hands the edit sets otherwise than the way (by setting value), of all dealer hands.
    pub changed: u128,
    pub hands: u128,
}

impl EditResult {
    /// The share of dealer hands the edit sets otherwise.
    pub fn share(&self) -> BigRational {
        BigRational::new(BigInt::from(self.changed), BigInt::from(self.hands))
    }
}

const RANKS: &str = "23456789TJQKA";

fn rank_name(r: u8) -> char {
    RANKS.as_bytes()[r as usize] as char
}

fn play_text(p: &Play) -> String {
    let mut parts = Vec::new();
    if let Some(c) = p.high_at_least {
        parts.push(format!("high at least {c:?}"));
    }
    match p.low {
        crate::house_way::LowKind::Any => {}
        crate::house_way::LowKind::Pair => parts.push("pair in front".into()),
        crate::house_way::LowKind::NoPair => parts.push("no pair in front".into()),
    }
    if let Some(r) = p.low_at_least {
        parts.push(format!("front at least {}", rank_name(r)));
    }
    parts.push(format!("prefer {:?}", p.prefer).to_lowercase());
    parts.join(", ")
}

/// Every single-rule edit of `way` with the edited way.
pub fn single_rule_edits(way: &HouseWay) -> Vec<(Edit, String, HouseWay)> {
    let mut out = Vec::new();
    let rules = &way.rules;
    for (i, rule) in rules.iter().enumerate() {
        // Plays used in other rules, each once.
        let mut donors: Vec<(usize, usize, &Play)> = Vec::new();
        for (j, other) in rules.iter().enumerate() {
            if j == i {
                continue;
            }
            for (k, p) in other.plays.iter().enumerate() {
                if !donors.iter().any(|d| d.2 == p) {
                    donors.push((j, k, p));
                }
            }
        }
        for (pi, play) in rule.plays.iter().enumerate() {
            for &(j, k, p) in &donors {
                if p == play {
                    continue;
                }
                let mut w = way.clone();
                w.rules[i].plays[pi] = p.clone();
                let text = format!("rule {} ({:?}): play {} ({}) replaced by rule {}'s play {} ({})", i + 1, rule.name, pi + 1, play_text(play), j + 1, k + 1, play_text(p));
                out.push((Edit::Play { rule: i, play: pi, from: j, with: k }, text, w));
            }
        }
        let mut bound = |field: BoundField, value: u8, set: &dyn Fn(&mut HouseWay, u8), ok: &dyn Fn(u8) -> bool, name: &str| {
            for by in [-1i8, 1] {
                let v = value as i8 + by;
                if !(0..13).contains(&v) || !ok(v as u8) {
                    continue;
                }
                let mut w = way.clone();
                set(&mut w, v as u8);
                let text = format!("rule {} ({:?}): {name} {} → {}", i + 1, rule.name, rank_name(value), rank_name(v as u8));
                out.push((Edit::Bound { rule: i, bound: field, by }, text, w));
            }
        };
        if let Some((lo, hi)) = rule.when.top_rank {
            bound(BoundField::TopRankFrom, lo, &|w, v| w.rules[i].when.top_rank = Some((v, hi)), &|v| v <= hi, "top rank from");
            bound(BoundField::TopRankTo, hi, &|w, v| w.rules[i].when.top_rank = Some((lo, v)), &|v| v >= lo, "top rank to");
        }
        if let Some(r) = rule.when.single_at_least {
            bound(BoundField::SingleAtLeast, r, &|w, v| w.rules[i].when.single_at_least = Some(v), &|_| true, "single at least");
        }
        if let Some(r) = rule.when.pair_at_least {
            bound(BoundField::PairAtLeast, r, &|w, v| w.rules[i].when.pair_at_least = Some(v), &|_| true, "pair at least");
        }
        for (pi, p) in rule.plays.iter().enumerate() {
            if let Some(r) = p.low_at_least {
                bound(BoundField::LowAtLeast(pi), r, &|w, v| w.rules[i].plays[pi].low_at_least = Some(v), &|_| true, &format!("play {}: front at least", pi + 1));
            }
        }
    }
    out
}

fn first_rule(way: &HouseWay, f: &Facts) -> usize {
    way.rules.iter().position(|r| r.when.holds(f)).unwrap_or(way.rules.len())
}

/// What one edit does to the way's setting of each dealer class: the classes it sets to another
/// row, `(class, row)` by rising class, or the first class it leaves unset.
type Moves = Result<Vec<(usize, usize)>, usize>;

/// Each single-rule edit of `way` valued from `table` (the way itself must set every hand).
pub fn evaluate_edits(table: &SettingTable, way: &HouseWay) -> Result<Vec<Edited>, String> {
    let rows = table.choice(way)?;
    let base = table.outcome_of(&rows);
    let sizes: Vec<u128> = (0..table.classes()).map(|k| table.class(k).1 as u128).collect();
    let all_hands: u128 = sizes.iter().sum();
    let edits = single_rule_edits(way);
    let moves = kept_moves(table, way, &rows, &edits)?;
    edits
        .into_iter()
        .zip(moves)
        .map(|((edit, description, w), moves)| {
            let result = match moves {
                Ok(moved) => Ok(EditResult { outcome: table.outcome_moved(&rows, &base, &moved), changed: moved.iter().map(|&(k, _)| sizes[k]).sum(), hands: all_hands }),
                // The words, from the one hand kept: the way sets it again.
                Err(k) => {
                    let hand = table.class(k).0;
                    match w.set_among(hand, &settings(hand)) {
                        Err(e) => Err(format!("leaves {hand} unset: {e}")),
                        Ok(_) => return Err(format!("a kept edit of house way {} that sets the hand it was kept as leaving unset: recount with --no-cache", way.id)),
                    }
                }
            };
            Ok(Edited { edit, description, way: w, result })
        })
        .collect()
}

/// Each edit's [`Moves`], through the program's store: kept whole in the results cache under the
/// way's rules, the deck and the reading (the edits follow from the rules), each row checked to
/// be one of its class's when read back.
fn kept_moves(table: &SettingTable, way: &HouseWay, rows: &[usize], edits: &[(Edit, String, HouseWay)]) -> Result<Vec<Moves>, String> {
    let key = parsheet_shard::Key::new(
        "face-up-pai-gow setting table: the classes each single-rule edit of a house way sets otherwise",
        &[
            ("moves", "per edit, (edit, class, setting within the class) moved, or (edit, class) of its first unset class, v1".into()),
            ("deck", format!("{:?}", table.deck())),
            ("ace-high", table.reading().id().into()),
            ("house-way", format!("{:?}", way.rules)),
        ],
        parsheet_shard::Combine::Sum,
    )
    .whole();
    let tally = parsheet_shard::counted(&key, |_| {
        let (mut moved, mut unset) = (Vec::new(), Vec::new());
        for (e, m) in counted_moves(table, way, rows, edits).into_iter().enumerate() {
            match m {
                Ok(m) => moved.extend(m.into_iter().flat_map(|(k, row)| [e as i128, k as i128, (row - table.class_rows(k).start) as i128])),
                Err(k) => unset.extend([e as i128, k as i128]),
            }
        }
        Ok(parsheet_shard::Tally::new().with("edits", vec![edits.len() as i128]).with("moved", moved).with("unset", unset))
    })?;
    let bad = || format!("a kept edit of house way {} that does not fit the setting table: recount with --no-cache", way.id);
    let part = |name: &str| tally.part(name).map_err(|_| bad());
    if part("edits")? != [edits.len() as i128] {
        return Err(bad());
    }
    let (moved, unset) = (part("moved")?, part("unset")?);
    if moved.len() % 3 != 0 || unset.len() % 2 != 0 {
        return Err(bad());
    }
    let index = |x: i128, n: usize| usize::try_from(x).ok().filter(|&i| i < n).ok_or_else(bad);
    let mut out: Vec<Moves> = vec![Ok(Vec::new()); edits.len()];
    for u in unset.chunks(2) {
        out[index(u[0], edits.len())?] = Err(index(u[1], table.classes())?);
    }
    for m in moved.chunks(3) {
        let (e, k) = (index(m[0], edits.len())?, index(m[1], table.classes())?);
        let range = table.class_rows(k);
        let row = range.start + index(m[2], range.len())?;
        match &mut out[e] {
            Ok(list) if list.last().is_none_or(|&(last, _)| last < k) && row != rows[k] => list.push((k, row)),
            _ => return Err(bad()),
        }
    }
    Ok(out)
}

/// Each edit's [`Moves`], counted: only the classes an edit can touch are set again.
fn counted_moves(table: &SettingTable, way: &HouseWay, rows: &[usize], edits: &[(Edit, String, HouseWay)]) -> Vec<Moves> {
    // Each class's settings and facts, found once for every edit.
    let hands: Vec<([Setting; 21], Facts)> = (0..table.classes())
        .into_par_iter()
        .map(|k| {
            let hand = table.class(k).0;
            let all = settings(hand);
            let f = facts(hand, &all);
            (all, f)
        })
        .collect();
    let first: Vec<usize> = hands.par_iter().map(|(_, f)| first_rule(way, f)).collect();
    edits
        .iter()
        .map(|(edit, _, w)| {
            let (rule, condition) = match *edit {
                Edit::Play { rule, .. } => (rule, false),
                Edit::Bound { rule, bound, .. } => (rule, !matches!(bound, BoundField::LowAtLeast(_))),
            };
            let touched: Vec<usize> = (0..table.classes()).filter(|&k| if condition { first[k] >= rule } else { first[k] == rule }).collect();
            // Each touched class's new row where it moves, or the class where it is left unset;
            // in rising class order, so the first unset class is the first error.
            touched
                .par_iter()
                .filter_map(|&k| {
                    let (all, f) = &hands[k];
                    let Ok(s) = w.set_by_facts(f, all) else { return Some(Err(k)) };
                    let row = table.row_of(k, (s.high.0, s.low.0)).expect("a way sets a legal setting");
                    (row != rows[k]).then_some(Ok((k, row)))
                })
                .collect::<Vec<Result<(usize, usize), usize>>>()
                .into_iter()
                .collect()
        })
        .collect()
}

/// Whether an exact payback prints as `printed` percent (e.g. "98.404"), rounded half up at the
/// printed number of decimals.
pub fn prints_as(payback: &BigRational, printed: &str) -> bool {
    let Some(target) = parse_percent(printed) else { return false };
    let decimals = printed.split_once('.').map_or(0, |x| x.1.len()) as u32;
    let scale = BigRational::from_integer(BigInt::from(10u32).pow(decimals + 2));
    let x = payback * &scale + BigRational::new(1.into(), 2.into());
    x.floor() == target * scale
}

fn parse_percent(printed: &str) -> Option<BigRational> {
    let (int, frac) = printed.split_once('.').unwrap_or((printed, ""));
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits: BigInt = format!("{int}{frac}").parse().ok()?;
    Some(BigRational::new(digits, BigInt::from(10u32).pow(frac.len() as u32 + 2)))
}

/// The edits whose optimal-player payback prints as `printed` percent, by falling share of hands
/// they touch reversed (fewest hands first), and if none does, the nearest (by distance to the
/// printed figure) — at most `nearest` of them.
pub fn explaining<'a>(edits: &'a [Edited], printed: &str, nearest: usize) -> (Vec<&'a Edited>, Vec<&'a Edited>) {
    let valid = || edits.iter().filter_map(|e| e.result.as_ref().ok().map(|r| (e, r)));
    let mut hits: Vec<(&Edited, &EditResult)> = valid().filter(|(_, r)| prints_as(&r.outcome.payback(), printed)).collect();
    hits.sort_by(|a, b| a.1.changed.cmp(&b.1.changed));
    let target = parse_percent(printed);
    let mut near: Vec<(&Edited, &EditResult)> = valid().collect();
    if let Some(t) = target {
        near.sort_by(|a, b| {
            let d = |r: &EditResult| {
                let x = r.outcome.payback() - &t;
                if x < BigRational::from_integer(0.into()) { -x } else { x }
            };
            d(a.1).cmp(&d(b.1))
        });
    }
    near.truncate(nearest);
    (hits.into_iter().map(|x| x.0).collect(), near.into_iter().map(|x| x.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_precision_rounds_half_up() {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert!(prints_as(&r(98404, 100000), "98.404"));
        assert!(prints_as(&r(984035, 1000000), "98.404"));
        assert!(!prints_as(&r(9840349, 10000000), "98.404"));
        assert!(prints_as(&r(9840449, 10000000), "98.404"));
        assert!(!prints_as(&r(984045, 1000000), "98.404"));
        assert!(!prints_as(&r(1, 1), "x"));
    }
}
