//! Exact house-edge arithmetic: from outcome counts and a paytable to rational results.
//!
//! A wager's enumerator (in `parsheet-games`) says how many of the `cycle` equally likely deals
//! end in each outcome. A [`Paytable`] says what each outcome pays, in the regulation's own terms
//! ([`Pay`]: "8 to 1", "250 for 1", "Push", …). [`analyze`] combines the two into an
//! [`Analysis`]: probability, net return and contribution per outcome, house edge, payback, hit
//! frequency and variance, all as exact rationals. Floats exist only in [`Decimal`] display.
//!
//! Invariant: the outcome counts of a wager sum to its cycle ([`OutcomeCounts::new`] refuses
//! anything else), so probabilities sum to one exactly.
//!
//! No I/O, no serde: the JSON form of paytables lives in `parsheet-tables`.

pub mod explore;
mod pay;
pub mod progressive;
pub mod search;

use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

pub use pay::{exact_decimal, Pay, PayParseError};

/// The most a line may pay, "1000000 to 1": the cap on pays read from tables, on search bounds
/// and on `--max-pay`, so that no size a user controls can make a loop or allocation explode.
pub const MAX_PAY: u64 = 1_000_000;

/// How many deals of one wager's cycle end in each outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeCounts {
    cycle: u128,
    rows: Vec<(String, u128)>,
}

impl OutcomeCounts {
    /// Counts per outcome id (best first, losing outcomes last). Fails unless they add up to
    /// `cycle` and the ids are distinct.
    pub fn new(cycle: u128, rows: Vec<(String, u128)>) -> Result<OutcomeCounts, String> {
        let sum: u128 = rows.iter().map(|r| r.1).sum();
        if sum != cycle {
            return Err(format!("outcome counts add up to {sum}, not the cycle {cycle}"));
        }
        for (i, r) in rows.iter().enumerate() {
            if rows[..i].iter().any(|q| q.0 == r.0) {
                return Err(format!("outcome {:?} counted twice", r.0));
            }
        }
        Ok(OutcomeCounts { cycle, rows })
    }

    pub fn cycle(&self) -> u128 {
        self.cycle
    }

    pub fn rows(&self) -> &[(String, u128)] {
        &self.rows
    }

    pub fn get(&self, outcome: &str) -> Option<u128> {
        self.rows.iter().find(|r| r.0 == outcome).map(|r| r.1)
    }
}

/// One paytable line: an outcome id and its pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub outcome: String,
    pub pay: Pay,
}

/// A paytable: lines by outcome id. Outcomes without a line lose the wager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paytable {
    pub id: String,
    pub lines: Vec<Line>,
}

impl Paytable {
    pub fn pay(&self, outcome: &str) -> Option<&Pay> {
        self.lines.iter().find(|l| l.outcome == outcome).map(|l| &l.pay)
    }
}

/// Why an analysis cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// A line names an outcome the wager never produces.
    UnknownOutcome { outcome: String, known: Vec<String> },
    /// A line pays from a meter or in dollars, which needs a progressive model.
    NeedsModel { outcome: String, pay: Pay },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::UnknownOutcome { outcome, known } => {
                write!(f, "outcome {outcome:?} is not an outcome of this wager; known outcomes: {}", known.join(", "))
            }
            AnalysisError::NeedsModel { outcome, pay } => {
                write!(f, "outcome {outcome:?} pays {pay}, which needs a progressive meter model")
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// One outcome's row of a PAR sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub outcome: String,
    /// `None`: no line on the paytable, the wager loses.
    pub pay: Option<Pay>,
    pub combinations: u128,
    pub probability: BigRational,
    /// Net result per unit wagered (+8 for "8 to 1", −1 for a loss, 0 for a push).
    pub net: BigRational,
    /// Contribution to the expected net result: probability × net.
    pub contribution: BigRational,
}

/// The exact figures of one wager under one paytable, per unit of initial wager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub cycle: u128,
    pub rows: Vec<Row>,
    /// Expected net result of the player (negative when the house has the edge).
    pub expected_net: BigRational,
    /// −expected net: the house's expected win per unit wagered.
    pub house_edge: BigRational,
    /// Expected amount returned per unit wagered, stake included: 1 + expected net.
    pub payback: BigRational,
    /// Probability that the wager wins something (net > 0).
    pub hit_frequency: BigRational,
    /// Variance of the net result per unit wagered.
    pub variance: BigRational,
}

impl Analysis {
    /// Standard deviation, for display (the square root is irrational in general).
    pub fn standard_deviation(&self) -> f64 {
        Decimal(&self.variance).to_f64().sqrt()
    }
}

fn ratio(n: u128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// Combines outcome counts with a paytable.
pub fn analyze(counts: &OutcomeCounts, table: &Paytable) -> Result<Analysis, AnalysisError> {
    for line in &table.lines {
        if counts.get(&line.outcome).is_none() {
            return Err(AnalysisError::UnknownOutcome {
                outcome: line.outcome.clone(),
                known: counts.rows.iter().map(|r| r.0.clone()).collect(),
            });
        }
        if line.pay.net().is_none() {
            return Err(AnalysisError::NeedsModel { outcome: line.outcome.clone(), pay: line.pay.clone() });
        }
    }
    let mut rows = Vec::with_capacity(counts.rows.len());
    // Sums over deals (count × net, count × net², winning deals) whose denominators are the
    // pays' own, divided by the cycle once: adding probabilities row by row would reduce
    // fractions over the cycle's large denominator at every row.
    let mut net_sum = BigRational::zero();
    let mut square_sum = BigRational::zero();
    let mut hits = 0u128;
    for (outcome, n) in &counts.rows {
        let pay = table.pay(outcome).cloned();
        let net = pay.as_ref().map_or_else(|| -BigRational::from_integer(1.into()), |p| p.net().unwrap());
        let deals = BigRational::from_integer((*n).into());
        let weighted = &deals * &net;
        square_sum += &weighted * &net;
        net_sum += &weighted;
        if net.is_positive() {
            hits += n;
        }
        let probability = ratio(*n, counts.cycle);
        let contribution = &probability * &net;
        rows.push(Row { outcome: outcome.clone(), pay, combinations: *n, probability, net, contribution });
    }
    let cycle = BigRational::from_integer(counts.cycle.into());
    let expected_net = net_sum / &cycle;
    let second_moment = square_sum / &cycle;
    let hit_frequency = ratio(hits, counts.cycle);
    let variance = &second_moment - &expected_net * &expected_net;
    Ok(Analysis {
        cycle: counts.cycle,
        rows,
        house_edge: -expected_net.clone(),
        payback: BigRational::from_integer(1.into()) + &expected_net,
        expected_net,
        hit_frequency,
        variance,
    })
}

/// Displays an exact rational as a decimal, rounded half away from zero at `places`.
pub struct Decimal<'a>(pub &'a BigRational);

impl Decimal<'_> {
    pub fn to_f64(&self) -> f64 {
        self.with_places(17).parse().unwrap()
    }

    /// The value × 100 as a decimal string with `places` places.
    pub fn percent(&self, places: usize) -> String {
        Decimal(&(self.0 * BigRational::from_integer(100.into()))).with_places(places)
    }

    pub fn with_places(&self, places: usize) -> String {
        let scale = BigInt::from(10).pow(places as u32);
        let scaled = self.0 * BigRational::from_integer(scale.clone());
        // Round half away from zero.
        let half = BigRational::new(1.into(), 2.into());
        let rounded = if scaled.is_negative() { -((-scaled) + half).floor() } else { (scaled + half).floor() };
        let n = rounded.to_integer();
        let negative = n.is_negative();
        let digits = n.abs().to_string();
        let digits = format!("{digits:0>width$}", width = places + 1);
        let (int, frac) = digits.split_at(digits.len() - places);
        let sign = if negative { "-" } else { "" };
        if places == 0 {
            format!("{sign}{int}")
        } else {
            format!("{sign}{int}.{frac}")
        }
    }
}

/// Formats an exact rational as `num/den` (or `num` when whole).
pub fn fraction(r: &BigRational) -> String {
    if r.is_integer() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(lines: &[(&str, &str)]) -> Paytable {
        Paytable {
            id: "t".into(),
            lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect(),
        }
    }

    #[test]
    fn single_zero_roulette_straight_up() {
        // 37 pockets, one pays 35 to 1: edge 1/37 exactly, variance known in closed form.
        let counts = OutcomeCounts::new(37, vec![("hit".into(), 1), ("miss".into(), 36)]).unwrap();
        let a = analyze(&counts, &table(&[("hit", "35 to 1")])).unwrap();
        assert_eq!(a.house_edge, ratio(1, 37));
        assert_eq!(a.payback, ratio(36, 37));
        assert_eq!(a.hit_frequency, ratio(1, 37));
        // E[X^2] = (35^2 + 36) / 37; Var = E[X^2] - (1/37)^2.
        assert_eq!(a.variance, ratio(35 * 35 + 36, 37) - ratio(1, 37 * 37));
        assert_eq!(Decimal(&a.house_edge).percent(6), "2.702703");
    }

    #[test]
    fn for_one_push_and_fractional_pays() {
        let counts = OutcomeCounts::new(4, vec![("a".into(), 1), ("b".into(), 1), ("c".into(), 1), ("d".into(), 1)]).unwrap();
        let a = analyze(&counts, &table(&[("a", "3 for 1"), ("b", "3 to 2"), ("c", "Push")])).unwrap();
        // Nets: +2, +3/2, 0, -1 → mean 5/8.
        assert_eq!(a.expected_net, ratio(5, 8));
        assert_eq!(a.house_edge, -ratio(5, 8));
        assert_eq!(a.hit_frequency, ratio(1, 2));
    }

    #[test]
    fn counts_must_cover_the_cycle_and_lines_must_be_outcomes() {
        assert!(OutcomeCounts::new(10, vec![("a".into(), 3)]).is_err());
        assert!(OutcomeCounts::new(6, vec![("a".into(), 3), ("a".into(), 3)]).is_err());
        let counts = OutcomeCounts::new(2, vec![("a".into(), 1), ("b".into(), 1)]).unwrap();
        let err = analyze(&counts, &table(&[("zz", "1 to 1")])).unwrap_err();
        assert!(err.to_string().contains("known outcomes: a, b"), "{err}");
        assert!(matches!(analyze(&counts, &table(&[("a", "10% of meter")])), Err(AnalysisError::NeedsModel { .. })));
    }

    #[test]
    fn decimals_round_half_away_from_zero() {
        assert_eq!(Decimal(&ratio(1, 8)).with_places(2), "0.13");
        assert_eq!(Decimal(&-ratio(1, 8)).with_places(2), "-0.13");
        assert_eq!(Decimal(&ratio(2, 3)).with_places(0), "1");
        assert_eq!(Decimal(&ratio(797, 10000)).percent(2), "7.97");
        assert_eq!(Decimal(&ratio(1, 1000)).with_places(2), "0.00");
    }
}
