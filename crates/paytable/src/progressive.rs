//! Progressive (meter) wagers and the Envy Bonus, exactly (formulas: `docs/PROGRESSIVE.md`).
//!
//! A progressive paytable mixes fixed pays ("8 to 1", "250 for 1", "$500" for a stated wager)
//! with shares of a meter ("100% of meter", "$5000/10% of meter"). Its payback is not a single
//! number: it depends on the meter (at a given meter amount `M`) or on how the meter is fed (in
//! the long run: the rate of progression, the casino's reset of the meter after each top award,
//! and the reserve). [`Model::evaluate`] gives all of them from the exact outcome counts:
//!
//! - `payback(M) = F + E + S·M/W`, with `F` the fixed return per unit wagered (stakes returned
//!   included), `E` the expected Envy Bonus per unit wagered, `S = Σ P(o)·share(o)` and `W` the
//!   wager in dollars;
//! - break-even meter `M* = (1 − F − E)·W/S`;
//! - long run `F + E + rate + reserve + P(top)·reset/W`, where the top award is every outcome paid
//!   100% of the meter (each resets the meter, which the casino refunds). Shares below 100% pay
//!   out of the meter, so in the long run they are part of the rate, not extra;
//! - Envy: `E = n·Σ P(o)·envy(o)/W` for `n` other players (linearity of expectation).
//!
//! Amounts are dollars as exact rationals; shares and rates are fractions (28% = 7/25).

use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::{OutcomeCounts, Pay, Paytable};

/// What is printed with a progressive paytable (or assumed in its place). Dollars and fractions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The wager in dollars (W). Dollar pays, meter amounts, seed, reset and Envy are per this
    /// wager.
    pub wager: BigRational,
    /// Initial meter.
    pub seed: Option<BigRational>,
    /// The amount the casino puts on the meter after each top award.
    pub reset: Option<BigRational>,
    /// Rate of progression: the share of each wager added to the meter.
    pub rate: Option<BigRational>,
    /// Reserve rate: the share of each wager set aside for later meters.
    pub reserve: Option<BigRational>,
    /// Whether a winning dollar or meter pay also returns the original wager. `To`, `For` and
    /// `Push` pays say so themselves and ignore this.
    pub original_wager_returned: bool,
}

impl Terms {
    /// A $1 wager with nothing else known.
    pub fn unit() -> Terms {
        Terms { wager: BigRational::one(), seed: None, reset: None, rate: None, reserve: None, original_wager_returned: false }
    }

    /// The reset amount used by the long run: `reset`, or else `seed` (a meter re-seeded at its
    /// initial amount).
    pub fn reset_or_seed(&self) -> Option<&BigRational> {
        self.reset.as_ref().or(self.seed.as_ref())
    }
}

/// The Envy Bonus: a fixed dollar amount per other player holding a qualifying hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Envy {
    /// Other players at the table (each one's hand can pay an Envy Bonus).
    pub others: u32,
    /// Dollars paid per other player's outcome.
    pub amounts: Vec<(String, BigRational)>,
}

/// Why a progressive model cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    UnknownOutcome { outcome: String, known: Vec<String> },
    NotPositive { term: &'static str },
    /// An Envy amount that is not a dollar amount.
    EnvyNotDollars { outcome: String, pay: Pay },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::UnknownOutcome { outcome, known } => {
                write!(f, "outcome {outcome:?} is not an outcome of this wager; known outcomes: {}", known.join(", "))
            }
            ModelError::NotPositive { term } => write!(f, "the {term} must be greater than zero"),
            ModelError::EnvyNotDollars { outcome, pay } => write!(f, "the Envy amount of {outcome:?} is {pay}, not a dollar amount"),
        }
    }
}

impl std::error::Error for ModelError {}

/// One outcome under the model, per unit wagered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelRow {
    pub outcome: String,
    pub pay: Option<Pay>,
    pub combinations: u128,
    pub probability: BigRational,
    /// Amount returned per unit wagered that does not depend on the meter (stake included).
    pub fixed_return: BigRational,
    /// Share of the meter paid (0 when none).
    pub share: BigRational,
    /// Envy paid to each other Qualifying Wager when this player holds the outcome, in dollars.
    pub envy: BigRational,
}

/// A meter award: an outcome paid a share of the meter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeterAward {
    pub outcome: String,
    pub share: BigRational,
    pub probability: BigRational,
    /// 1 / probability; `None` when the outcome never occurs.
    pub one_in: Option<BigRational>,
}

/// The exact figures of a progressive wager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progressive {
    pub terms: Terms,
    pub rows: Vec<ModelRow>,
    /// F: expected fixed return per unit wagered (stakes returned included).
    pub fixed_return: BigRational,
    /// S/W: the payback added per dollar on the meter.
    pub per_meter_dollar: BigRational,
    /// E: expected Envy Bonus per unit wagered (0 without Envy or other players).
    pub envy: BigRational,
    pub envy_others: u32,
    /// Probability of a top award (an outcome paid 100% of the meter), which resets the meter.
    pub top_probability: BigRational,
    pub awards: Vec<MeterAward>,
}

fn hundred() -> BigRational {
    BigRational::from_integer(100.into())
}

impl Progressive {
    /// Payback per unit wagered when the meter shows `meter` dollars: `F + E + M·S/W`.
    pub fn payback_at(&self, meter: &BigRational) -> BigRational {
        &self.fixed_return + &self.envy + meter * &self.per_meter_dollar
    }

    /// The meter at which the payback is exactly 100%; `None` when no outcome pays from the
    /// meter. May be zero or negative: then the wager returns 100% or more at any meter.
    pub fn break_even_meter(&self) -> Option<BigRational> {
        if self.per_meter_dollar.is_zero() {
            return None;
        }
        Some((BigRational::one() - &self.fixed_return - &self.envy) / &self.per_meter_dollar)
    }

    /// P(top) · reset / W: what the casino's refunding of the meter after each top award returns
    /// per unit wagered; `None` without a reset (or seed) amount.
    pub fn reset_funding(&self) -> Option<BigRational> {
        self.terms.reset_or_seed().map(|r| &self.top_probability * r / &self.terms.wager)
    }

    /// Long-run payback without the rate of progression: `F + E + reserve + P(top)·reset/W`
    /// (a missing reserve counts as zero, a missing reset as no funding).
    pub fn long_run_without_rate(&self) -> BigRational {
        &self.fixed_return + &self.envy + self.terms.reserve.clone().unwrap_or_else(BigRational::zero) + self.reset_funding().unwrap_or_else(BigRational::zero)
    }

    /// Long-run payback: every meter contribution is paid out eventually, so
    /// `F + E + rate + reserve + P(top)·reset/W`; `None` when no rate is given and some outcome
    /// pays from the meter.
    pub fn long_run(&self) -> Option<BigRational> {
        match &self.terms.rate {
            Some(rate) => Some(self.long_run_without_rate() + rate),
            None if self.awards.is_empty() => Some(self.long_run_without_rate()),
            None => None,
        }
    }

    /// The rate of progression that makes the long-run payback equal `payback`.
    pub fn implied_rate(&self, payback: &BigRational) -> BigRational {
        payback - self.long_run_without_rate()
    }

    /// The number of other players whose Envy makes the long-run (or, without meter pays, the
    /// fixed) payback equal `payback`, as an exact rational (it need not be whole).
    pub fn implied_others(&self, payback: &BigRational) -> Option<BigRational> {
        let per_other = self.envy_per_other();
        if per_other.is_zero() {
            return None;
        }
        let without = self.long_run()? - &self.envy;
        Some((payback - without) / per_other)
    }

    /// Expected Envy per unit wagered from one other player: `Σ P(o)·envy(o)/W`.
    pub fn envy_per_other(&self) -> BigRational {
        self.rows.iter().map(|r| &r.probability * &r.envy).fold(BigRational::zero(), |a, b| a + b) / &self.terms.wager
    }
}

/// A progressive model: counts, a paytable, its terms and Envy.
pub struct Model<'a> {
    pub counts: &'a OutcomeCounts,
    pub table: &'a Paytable,
    pub terms: Terms,
    pub envy: Envy,
}

impl Model<'_> {
    pub fn evaluate(&self) -> Result<Progressive, ModelError> {
        let known = || self.counts.rows().iter().map(|r| r.0.clone()).collect::<Vec<_>>();
        for line in &self.table.lines {
            if self.counts.get(&line.outcome).is_none() {
                return Err(ModelError::UnknownOutcome { outcome: line.outcome.clone(), known: known() });
            }
        }
        for (outcome, _) in &self.envy.amounts {
            if self.counts.get(outcome).is_none() {
                return Err(ModelError::UnknownOutcome { outcome: outcome.clone(), known: known() });
            }
        }
        let w = &self.terms.wager;
        if !w.is_positive() {
            return Err(ModelError::NotPositive { term: "wager" });
        }
        let stake = if self.terms.original_wager_returned { BigRational::one() } else { BigRational::zero() };
        let cycle = BigRational::from_integer(BigInt::from(self.counts.cycle()));
        let mut rows = Vec::new();
        let (mut fixed, mut per_meter, mut top) = (BigRational::zero(), BigRational::zero(), BigRational::zero());
        let mut envy_sum = BigRational::zero();
        let mut awards = Vec::new();
        for (outcome, n) in self.counts.rows() {
            let pay = self.table.pay(outcome).cloned();
            let probability = BigRational::from_integer(BigInt::from(*n)) / &cycle;
            let (fixed_return, share) = match &pay {
                None | Some(Pay::NotAvailable | Pay::Loses) => (BigRational::zero(), BigRational::zero()),
                Some(Pay::To(r)) => (r + BigRational::one(), BigRational::zero()),
                Some(Pay::For(r)) => (r.clone(), BigRational::zero()),
                Some(Pay::Push) => (BigRational::one(), BigRational::zero()),
                Some(Pay::Dollars(a)) => (a / w + &stake, BigRational::zero()),
                Some(Pay::PercentOfMeter(p)) => (stake.clone(), p.clone()),
                Some(Pay::DollarsAndMeter(a, p)) => (a / w + &stake, p.clone()),
            };
            let envy = self.envy.amounts.iter().find(|e| &e.0 == outcome).map_or_else(BigRational::zero, |e| e.1.clone());
            fixed += &probability * &fixed_return;
            per_meter += &probability * &share;
            envy_sum += &probability * &envy;
            if !share.is_zero() {
                if share.is_one() {
                    top += &probability;
                }
                let one_in = (!probability.is_zero()).then(|| BigRational::one() / &probability);
                awards.push(MeterAward { outcome: outcome.clone(), share: share.clone(), probability: probability.clone(), one_in });
            }
            rows.push(ModelRow { outcome: outcome.clone(), pay, combinations: *n, probability, fixed_return, share, envy });
        }
        let others = BigRational::from_integer(self.envy.others.into());
        Ok(Progressive {
            terms: self.terms.clone(),
            rows,
            fixed_return: fixed,
            per_meter_dollar: per_meter / w,
            envy: others * envy_sum / w,
            envy_others: self.envy.others,
            top_probability: top,
            awards,
        })
    }
}

/// Reads a dollar amount of the terms such as `"$10,000"` or `"$7.50"`.
pub fn dollars(text: &str) -> Result<BigRational, String> {
    match text.trim().parse::<Pay>() {
        Ok(Pay::Dollars(a)) => Ok(a),
        _ => Err(format!("{text:?} is not a dollar amount like \"$10,000\"")),
    }
}

/// Reads a percentage of the terms such as `"28%"` or `"1.5%"` as a fraction.
pub fn percent(text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let bad = || format!("{text:?} is not a percentage like \"28%\"");
    let number = t.strip_suffix('%').ok_or_else(bad)?;
    match format!("${number}").parse::<Pay>() {
        Ok(Pay::Dollars(a)) => Ok(a / hundred()),
        _ => Err(bad()),
    }
}

/// Reads the printed `original-wager` sentence: returned or not.
pub fn original_wager_returned(text: &str) -> Result<bool, String> {
    let t = text.to_ascii_lowercase();
    if t.contains("not returned") {
        Ok(false)
    } else if t.contains("returned") {
        Ok(true)
    } else {
        Err(format!("cannot tell whether {text:?} returns the original wager"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Line;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn table(lines: &[(&str, &str)]) -> Paytable {
        Paytable { id: "t".into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
    }

    /// A die: six pays the meter, five pays 10% of it, four pays "2 to 1", the rest lose.
    fn die() -> OutcomeCounts {
        OutcomeCounts::new(6, vec![("six".into(), 1), ("five".into(), 1), ("four".into(), 1), ("other".into(), 3)]).unwrap()
    }

    #[test]
    fn a_die_with_a_meter_by_hand() {
        let counts = die();
        let t = table(&[("six", "100% of meter"), ("five", "10% of meter"), ("four", "2 to 1")]);
        let terms = Terms { wager: r(2, 1), seed: Some(r(100, 1)), reset: Some(r(60, 1)), rate: Some(r(1, 5)), reserve: Some(r(1, 100)), original_wager_returned: false };
        let p = Model { counts: &counts, table: &t, terms, envy: Envy::default() }.evaluate().unwrap();
        // F: "2 to 1" returns 3 per unit, on 1 in 6.
        assert_eq!(p.fixed_return, r(1, 2));
        // Per meter dollar: (1/6 · 1 + 1/6 · 1/10) / $2 = 11/120.
        assert_eq!(p.per_meter_dollar, r(11, 120));
        // At a $30 meter: 1/2 + 30 · 11/120 = 1/2 + 11/4 = 13/4.
        assert_eq!(p.payback_at(&r(30, 1)), r(13, 4));
        // Break-even: (1 − 1/2) / (11/120) = 60/11 dollars.
        assert_eq!(p.break_even_meter(), Some(r(60, 11)));
        // Long run: 1/2 + rate 1/5 + reserve 1/100 + (1/6) · 60 / 2 = 1/2 + 1/5 + 1/100 + 5.
        assert_eq!(p.long_run(), Some(r(571, 100)));
        assert_eq!(p.top_probability, r(1, 6));
        assert_eq!(p.awards.len(), 2);
        assert_eq!(p.awards[1].one_in, Some(r(6, 1)));
        // The rate that would make the long run 600%: 6 − (1/2 + 1/100 + 5) = 49/100.
        assert_eq!(p.implied_rate(&r(6, 1)), r(49, 100));
    }

    #[test]
    fn a_coin_with_dollar_pays_stake_and_envy_by_hand() {
        // Heads pays "$5/50% of meter" on a $5 wager with the stake returned; tails loses.
        let counts = OutcomeCounts::new(2, vec![("heads".into(), 1), ("tails".into(), 1)]).unwrap();
        let t = table(&[("heads", "$5/50% of meter")]);
        let terms = Terms { wager: r(5, 1), seed: Some(r(20, 1)), reset: None, rate: None, reserve: None, original_wager_returned: true };
        let envy = Envy { others: 3, amounts: vec![("heads".into(), r(2, 1))] };
        let p = Model { counts: &counts, table: &t, terms, envy }.evaluate().unwrap();
        // F = 1/2 · (5/5 + 1) = 1; Envy = 3 others · 1/2 · $2 / $5 = 3/5.
        assert_eq!(p.fixed_return, r(1, 1));
        assert_eq!(p.envy, r(3, 5));
        assert_eq!(p.envy_per_other(), r(1, 5));
        // Per meter dollar 1/2 · 1/2 / 5 = 1/20: at $10, 1 + 3/5 + 1/2.
        assert_eq!(p.payback_at(&r(10, 1)), r(21, 10));
        // Already above 100% with an empty meter: the break-even meter is negative.
        assert_eq!(p.break_even_meter(), Some(-r(12, 1)));
        // No 100% share: nothing resets, so no reset funding; no rate: no long run.
        assert_eq!(p.top_probability, r(0, 1));
        assert_eq!(p.long_run(), None);
        assert_eq!(p.long_run_without_rate(), r(8, 5));
        // A $1 wager without the stake: heads returns $5 per $1, so F = 1/2 · 5.
        let terms = Terms { original_wager_returned: false, ..Terms::unit() };
        let p = Model { counts: &counts, table: &t, terms, envy: Envy::default() }.evaluate().unwrap();
        assert_eq!(p.fixed_return, r(5, 2));
        // The rate implied for a long run of 3: 3 − 5/2 (no reset, no reserve).
        assert_eq!(p.implied_rate(&r(3, 1)), r(1, 2));
    }

    #[test]
    fn fixed_tables_with_envy_and_implied_players() {
        // A die paying "5 to 1" on a six, Envy $10 per other player's six on a $5 wager.
        let counts = OutcomeCounts::new(6, vec![("six".into(), 1), ("other".into(), 5)]).unwrap();
        let t = table(&[("six", "5 to 1")]);
        let envy = Envy { others: 2, amounts: vec![("six".into(), r(10, 1))] };
        let p = Model { counts: &counts, table: &t, terms: Terms { wager: r(5, 1), ..Terms::unit() }, envy }.evaluate().unwrap();
        // F = 1; Envy = 2 · 1/6 · 10 / 5 = 2/3; no meter: the long run is F + E.
        assert_eq!(p.long_run(), Some(r(5, 3)));
        assert_eq!(p.break_even_meter(), None);
        // Each other player adds 1/3, so 2 = 1 + n/3 needs n = 3.
        assert_eq!(p.implied_others(&r(2, 1)), Some(r(3, 1)));
    }

    #[test]
    fn bad_input_is_refused() {
        let counts = die();
        let t = table(&[("seven", "100% of meter")]);
        let e = Model { counts: &counts, table: &t, terms: Terms::unit(), envy: Envy::default() }.evaluate().unwrap_err();
        assert!(e.to_string().contains("known outcomes: six, five, four, other"), "{e}");
        let t = table(&[("six", "100% of meter")]);
        let zero = Terms { wager: r(0, 1), ..Terms::unit() };
        assert!(Model { counts: &counts, table: &t, terms: zero, envy: Envy::default() }.evaluate().is_err());
        assert_eq!(dollars("$10000").unwrap(), r(10000, 1));
        assert_eq!(percent("28%").unwrap(), r(7, 25));
        assert!(percent("28").is_err() && dollars("10").is_err() && percent("-1%").is_err());
        assert!(!original_wager_returned("Original wager not returned to player").unwrap());
        assert!(original_wager_returned("Original wager returned to player").unwrap());
    }
}
