//! A published figure checked against a computed one: the status of a check, and the rules that
//! call a figure reproduced, within rounding, explained or not.
//!
//! A lab certifies one figure per paytable, so each published figure has one check marked
//! `default_reading`: parsheet's reading (the one every command uses, from the tables'
//! `defaults` with its reason) under its default terms, as printed. Its status says how far the
//! regulator's figure is explained, the other checks (other readings, other terms, recorded
//! misprints corrected) being the evidence:
//!
//! - `reproduced`: the computed value, rounded to the printed places, is the printed value;
//! - `rounding`: within 2 units of the last printed place (a figure cut rather than rounded, or
//!   computed with a slightly different method);
//! - `explained`: a recorded misprint, another named reading or other terms reproduce it, or an
//!   unprinted term would, at a value inside its legal range (the value is given);
//! - `cannot-reproduce`: no legal value of the unprinted term reaches it (a negative rate);
//! - `unexplained`: the rest; `not-computed` where parsheet computes no value.

use num_rational::BigRational;
use num_traits::Signed;
use parsheet_paytable::Decimal;
use parsheet_tables::Percent;
use schemars::JsonSchema;
use serde::Serialize;

use crate::vocab::Exact;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Reproduced,
    Rounding,
    Explained,
    CannotReproduce,
    Unexplained,
    NotComputed,
}

impl Status {
    /// Every status, in the order counts are printed.
    pub const ALL: [Status; 6] = [Status::Reproduced, Status::Rounding, Status::Explained, Status::CannotReproduce, Status::Unexplained, Status::NotComputed];

    /// The status in a table of text.
    pub fn name(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Rounding => "rounding",
            Status::Explained => "explained",
            Status::CannotReproduce => "cannot reproduce",
            Status::Unexplained => "unexplained",
            Status::NotComputed => "not computed",
        }
    }

    /// The status as JSON writes it.
    pub fn id(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Rounding => "rounding",
            Status::Explained => "explained",
            Status::CannotReproduce => "cannot-reproduce",
            Status::Unexplained => "unexplained",
            Status::NotComputed => "not-computed",
        }
    }

    /// Whether the check's own value reaches the printed figure.
    pub fn reaches(self) -> bool {
        matches!(self, Status::Reproduced | Status::Rounding)
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
}

/// A figure is reproduced when the exact value, rounded to the places printed, equals it.
pub fn matches(value: &BigRational, printed: &Percent) -> bool {
    Decimal(value).percent(printed.places) == Decimal(&printed.value).percent(printed.places)
}

/// One unit of the last printed place, as a fraction (0.01% printed to two places is 1/10000).
pub fn unit(printed: &Percent) -> BigRational {
    BigRational::new(1.into(), num_bigint::BigInt::from(10u32).pow(printed.places as u32 + 2))
}

/// The units of the last printed place between a value and the printed figure.
pub fn units_off(value: &BigRational, printed: &Percent) -> BigRational {
    (value - &printed.value).abs() / unit(printed)
}

/// The status of a computed value against a printed one: reproduced, within rounding (at most
/// 2 units of the last printed place), or unexplained.
pub fn status_of(value: &BigRational, printed: &Percent) -> Status {
    if matches(value, printed) {
        Status::Reproduced
    } else if units_off(value, printed) <= BigRational::from_integer(2.into()) {
        Status::Rounding
    } else {
        Status::Unexplained
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(text: &str) -> Percent {
        let places = text.split_once('.').map_or(0, |(_, d)| d.trim_end_matches('%').len());
        let digits: String = text.trim_end_matches('%').chars().filter(|c| *c != '.').collect();
        let value = BigRational::new(digits.parse::<i64>().unwrap().into(), num_bigint::BigInt::from(10u32).pow(places as u32 + 2));
        Percent { text: text.into(), value, places }
    }

    fn frac(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn two_units_of_the_last_printed_place_are_rounding() {
        // 98.99% printed; 98.976% is 1.4 units of 0.01% below, 98.97% exactly 2, 98.969% 2.1.
        let p = printed("98.99%");
        assert_eq!(status_of(&frac(98_994, 100_000), &p), Status::Reproduced);
        assert_eq!(status_of(&frac(98_976, 100_000), &p), Status::Rounding);
        assert_eq!(status_of(&frac(9_897, 10_000), &p), Status::Rounding);
        assert_eq!(status_of(&frac(98_969, 100_000), &p), Status::Unexplained);
        assert_eq!(units_off(&frac(98_976, 100_000), &p), frac(7, 5));
    }
}
