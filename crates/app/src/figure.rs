//! A published figure checked against a computed one: the status of a check and the rule that
//! calls a figure reproduced.

use num_rational::BigRational;
use parsheet_paytable::Decimal;
use parsheet_tables::Percent;
use schemars::JsonSchema;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Reproduced,
    Differs,
    NotComputed,
    /// The figure cannot be checked because a term is not printed; the detail gives the value
    /// of that term the figure implies.
    ImpliesTerm,
}

impl Status {
    /// The status in a table of text.
    pub fn name(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Differs => "DIFFERS",
            Status::NotComputed => "not computed",
            Status::ImpliesTerm => "implies term",
        }
    }

    /// The status as JSON writes it.
    pub fn id(self) -> &'static str {
        match self {
            Status::Reproduced => "reproduced",
            Status::Differs => "differs",
            Status::NotComputed => "not-computed",
            Status::ImpliesTerm => "implies-term",
        }
    }
}

/// A figure is reproduced when the exact value, rounded to the places printed, equals it.
pub fn matches(value: &BigRational, printed: &Percent) -> bool {
    Decimal(value).percent(printed.places) == Decimal(&printed.value).percent(printed.places)
}
