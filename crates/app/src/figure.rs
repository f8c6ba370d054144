//! A published figure checked against a computed one: the status of a check, and the one
//! function that decides it from the exact value and the printed text.
//!
//! A lab certifies one figure per paytable, so each published figure has one check marked
//! `default_reading`: parsheet's reading (the one every command uses, from the tables'
//! `defaults` with its reason) under its default terms, as printed. Its status says, from the
//! arithmetic alone, how far the printed figure is accounted for; each status means one thing
//! (docs/JSON.md and docs/REPORT.md define them), and when several hold the first wins:
//!
//! - `reproduced`: the exact value rounded half away from zero at the printed places is the
//!   printed figure;
//! - `rounding`: not reproduced, but the value truncated toward zero, or rounded away from zero,
//!   at the printed places is the printed figure (so at most one unit of the last place off; the
//!   reason says which);
//! - `reading`: another named reading of the text reproduces it (or within rounding), as printed;
//! - `misprint`: reproduced only after stated corrections of printed cells, terms or the figure
//!   itself (a candidate of the tables file, with its evidence), with or without a reading;
//! - `implied`: reproduced only by solving a term the chapter does not print (a rate of
//!   progression, other players for Envy), whose value lies in its legal range; a value
//!   outside it, or a count of players that is not a whole number, does not count;
//! - `unexplained`: none of the above, with the nearest candidates named;
//! - `not-computed`: parsheet computes no value.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use parsheet_tables::Percent;
use schemars::JsonSchema;
use serde::Serialize;

use crate::vocab::Exact;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Reproduced,
    Rounding,
    Reading,
    Misprint,
    Implied,
    Unexplained,
    NotComputed,
}

impl Status {
    /// Every status, in the order of precedence (and the order counts are printed).
    pub const ALL: [Status; 7] = [Status::Reproduced, Status::Rounding, Status::Reading, Status::Misprint, Status::Implied, Status::Unexplained, Status::NotComputed];

    /// The status in a table of text.
    pub fn name(self) -> &'static str {
        match self {
            Status::NotComputed => "not computed",
            s => s.id(),
        }
    }

    /// The status as JSON writes it.
    pub fn id(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Rounding => "rounding",
            Status::Reading => "reading",
            Status::Misprint => "misprint",
            Status::Implied => "implied",
            Status::Unexplained => "unexplained",
            Status::NotComputed => "not-computed",
        }
    }

    /// What the status means, in one sentence (the report's legend, `verify`'s help).
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Reproduced => "the exact value, rounded half away from zero at the printed places, is the printed figure",
            Status::Rounding => "not reproduced, but the value truncated toward zero or rounded away from zero at the printed places is the printed figure (at most one unit of the last place off; the reason says which)",
            Status::Reading => "reproduced (or within rounding) under another named reading of the text, as printed",
            Status::Misprint => "reproduced only after stated corrections of printed cells, terms or the figure (a candidate of the tables file, with its evidence), with or without a reading",
            Status::Implied => "reproduced only by solving a term the chapter does not print, at a value inside its legal range (value and range shown)",
            Status::Unexplained => "none of the above; the nearest candidates are named",
            Status::NotComputed => "parsheet computes no value",
        }
    }

    /// Whether the check's own value reaches the printed figure at its places.
    pub fn reaches(self) -> bool {
        matches!(self, Status::Reproduced | Status::Rounding)
    }
}

/// How a value that is not reproduced still reaches the printed figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Cut toward zero at the printed places.
    Truncated,
    /// Rounded away from zero (up, for a positive figure).
    RoundedUp,
}

impl Rounding {
    pub fn words(self) -> &'static str {
        match self {
            Rounding::Truncated => "truncated (cut toward zero at the printed places)",
            Rounding::RoundedUp => "rounded up (away from zero at the printed places)",
        }
    }
}

/// A value of a term the chapter does not print, implied by a published figure, and the range
/// the rules allow it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ImpliedTerm {
    /// `rate` (of progression) or `other-players`.
    pub term: String,
    pub value: Exact,
    pub low: Exact,
    pub high: Exact,
}

impl ImpliedTerm {
    pub fn in_range(&self) -> bool {
        self.low.value() <= self.value.value() && self.value.value() <= self.high.value()
    }

    /// Whether the value is one the rules allow: inside its range and, for a count of players,
    /// a whole number (a table seats whole players).
    pub fn legal(&self) -> bool {
        self.in_range() && (self.term != "other-players" || self.value.value().is_integer())
    }

    /// Why a value is not legal, naming the term; `None` when it is.
    pub fn why_not(&self) -> Option<String> {
        let v = crate::progressive::pct(self.value.value(), 3);
        match (self.in_range(), self.term.as_str()) {
            (true, "other-players") if !self.value.value().is_integer() => Some(format!("other-players would be {} (exact {}): not a whole number of players", parsheet_paytable::Decimal(self.value.value()).with_places(3), self.value.0)),
            (true, _) => None,
            (false, "other-players") => Some(format!("other-players would be {} (exact {}): outside {} to {}", parsheet_paytable::Decimal(self.value.value()).with_places(3), self.value.0, self.low.0, self.high.0)),
            (false, term) => Some(format!("the {term} would be {v}: outside {} to {}", crate::progressive::pct(self.low.value(), 0), crate::progressive::pct(self.high.value(), 0))),
        }
    }
}

/// The printed figure as an integer count of units of its last place (98.99% is 9899).
fn printed_units(printed: &Percent) -> BigInt {
    let scaled = &printed.value * BigRational::from_integer(BigInt::from(10u32).pow(printed.places as u32 + 2));
    assert!(scaled.is_integer(), "a printed figure is a whole number of its last place");
    scaled.to_integer()
}

/// The value in units of the printed figure's last place, exact.
fn value_units(value: &BigRational, printed: &Percent) -> BigRational {
    value * BigRational::from_integer(BigInt::from(10u32).pow(printed.places as u32 + 2))
}

/// `x` rounded half away from zero, cut toward zero, and rounded away from zero.
fn roundings(x: &BigRational) -> (BigInt, BigInt, BigInt) {
    let (mag, sign) = (x.abs(), if x.is_negative() { -1 } else { 1 });
    let half = BigRational::new(1.into(), 2.into());
    let nearest = (&mag + half).floor().to_integer() * sign;
    let cut = mag.floor().to_integer() * sign;
    let away = mag.ceil().to_integer() * sign;
    (nearest, cut, away)
}

/// A figure is reproduced when the exact value, rounded half away from zero at the places
/// printed, equals it.
pub fn matches(value: &BigRational, printed: &Percent) -> bool {
    roundings(&value_units(value, printed)).0 == printed_units(printed)
}

/// How a value that is not reproduced reaches the printed figure, if it does: cut toward
/// zero, or rounded away from zero, at the printed places.
pub fn rounding_of(value: &BigRational, printed: &Percent) -> Option<Rounding> {
    let (nearest, cut, away) = roundings(&value_units(value, printed));
    let p = printed_units(printed);
    if nearest == p {
        None
    } else if cut == p {
        Some(Rounding::Truncated)
    } else if away == p {
        Some(Rounding::RoundedUp)
    } else {
        None
    }
}

/// One unit of the last printed place, as a fraction (0.01% printed to two places is 1/10000).
pub fn unit(printed: &Percent) -> BigRational {
    BigRational::new(1.into(), BigInt::from(10u32).pow(printed.places as u32 + 2))
}

/// The units of the last printed place between a value and the printed figure.
pub fn units_off(value: &BigRational, printed: &Percent) -> BigRational {
    (value - &printed.value).abs() / unit(printed)
}

/// The status of a computed value against a printed one, from the arithmetic alone:
/// reproduced, rounding (truncated or rounded away from zero) or unexplained.
pub fn status_of(value: &BigRational, printed: &Percent) -> Status {
    if matches(value, printed) {
        Status::Reproduced
    } else if rounding_of(value, printed).is_some() {
        Status::Rounding
    } else {
        Status::Unexplained
    }
}

/// The weaker of two statuses of the ends of a published range (precedence order).
pub fn weaker(a: Status, b: Status) -> Status {
    a.max(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(text: &str) -> Percent {
        let places = text.split_once('.').map_or(0, |(_, d)| d.trim_end_matches('%').len());
        let digits: String = text.trim_end_matches('%').chars().filter(|c| *c != '.').collect();
        let value = BigRational::new(digits.parse::<i64>().unwrap().into(), BigInt::from(10u32).pow(places as u32 + 2));
        Percent { text: text.into(), value, places }
    }

    fn frac(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn rounding_is_truncation_or_rounding_away_and_nothing_else() {
        // Examples of the issue: 0.7402% printed 0.75% is rounded up; 98.9761% for 98.99% and
        // 94.3948% for 94.393% are not rounding.
        assert_eq!(status_of(&frac(7_402, 1_000_000), &printed("0.75%")), Status::Rounding);
        assert_eq!(rounding_of(&frac(7_402, 1_000_000), &printed("0.75%")), Some(Rounding::RoundedUp));
        assert_eq!(status_of(&frac(989_761, 1_000_000), &printed("98.99%")), Status::Unexplained);
        assert_eq!(status_of(&frac(943_948, 1_000_000), &printed("94.393%")), Status::Unexplained);
        // 13.086% printed 13.0% is truncated; 13.05% exactly rounds half away to 13.1%.
        assert_eq!(rounding_of(&frac(13_086, 100_000), &printed("13.0%")), Some(Rounding::Truncated));
        assert_eq!(status_of(&frac(1_305, 10_000), &printed("13.1%")), Status::Reproduced);
        assert_eq!(status_of(&frac(1_305, 10_000), &printed("13.0%")), Status::Rounding);
        assert_eq!(status_of(&frac(98_994, 100_000), &printed("98.99%")), Status::Reproduced);
        assert_eq!(status_of(&frac(98_995, 100_000), &printed("98.99%")), Status::Rounding);
        assert_eq!(status_of(&frac(98_980, 100_000), &printed("98.99%")), Status::Unexplained);
        assert_eq!(units_off(&frac(98_976, 100_000), &printed("98.99%")), frac(7, 5));
    }

    #[test]
    fn a_count_of_players_is_legal_only_when_whole() {
        let t = |v: BigRational| ImpliedTerm { term: "other-players".into(), value: Exact(v), low: Exact(frac(0, 1)), high: Exact(frac(5, 1)) };
        assert!(t(frac(3, 1)).legal());
        assert!(!t(frac(3838, 1000)).legal());
        assert!(t(frac(3838, 1000)).why_not().unwrap().contains("whole"));
        assert!(!t(frac(6, 1)).legal());
        let rate = ImpliedTerm { term: "rate".into(), value: Exact(frac(1, 3)), low: Exact(frac(0, 1)), high: Exact(frac(1, 1)) };
        assert!(rate.legal());
    }
}
