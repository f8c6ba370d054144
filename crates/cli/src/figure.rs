//! A published figure checked against a computed one: the status of a check and the rule that
//! calls a figure reproduced. Shared by `verify` and the progressive model, so neither imports
//! the other.

use num_rational::BigRational;
use parsheet_paytable::Decimal;
use parsheet_tables::Percent;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Reproduced,
    Differs,
    NotComputed,
    /// The figure cannot be checked because a term is not printed; the detail gives the value
    /// of that term the figure implies.
    Implied,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Differs => "DIFFERS",
            Status::NotComputed => "not computed",
            Status::Implied => "implies term",
        }
    }
}

/// A figure is reproduced when the exact value, rounded to the places printed, equals it.
pub fn matches(value: &BigRational, printed: &Percent) -> bool {
    Decimal(value).percent(printed.places) == Decimal(&printed.value).percent(printed.places)
}
