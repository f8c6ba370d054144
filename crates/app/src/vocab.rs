//! The words every record is written in: exact numbers, the basis a figure is per, figures, and
//! the assumptions a figure rests on. One vocabulary, so a script that reads `house_edge` of one
//! record reads it of every record, and every view says the same thing the same way.

use std::borrow::Cow;

use num_rational::BigRational;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

/// An exact rational, written `"p/q"` (or `"n"` when whole), never as a float.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Exact(pub BigRational);

impl Exact {
    pub fn value(&self) -> &BigRational {
        &self.0
    }

    /// As a percentage with `places` decimals, rounded half away from zero (display only).
    pub fn percent(&self, places: usize) -> String {
        parsheet_paytable::Decimal(&self.0).percent(places)
    }
}

impl From<BigRational> for Exact {
    fn from(r: BigRational) -> Exact {
        Exact(r)
    }
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&parsheet_paytable::fraction(&self.0))
    }
}

impl JsonSchema for Exact {
    fn schema_name() -> Cow<'static, str> {
        "Exact".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^-?[0-9]+(/[1-9][0-9]*)?$",
            "description": "An exact rational number: numerator/denominator in lowest terms, or an integer."
        })
    }
}

/// An exact count (deals, combinations), written as a decimal string: JSON numbers lose
/// integers above 2^53.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Count(pub u128);

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl JsonSchema for Count {
    fn schema_name() -> Cow<'static, str> {
        "Count".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^(0|[1-9][0-9]*)$",
            "description": "An exact non-negative integer, as a decimal string."
        })
    }
}

/// What a figure is per unit of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Basis {
    /// Per unit of the wager itself (a side bet).
    PerUnit,
    /// Per unit of Ante (a main game's usual quote).
    PerAnte,
    /// Per unit of what the player must wager before the deal (DJ Wild: Ante and Blind).
    PerInitialWager,
    /// Per unit of everything wagered, raises included (the element of risk; the basis the
    /// regulator's main-game paybacks use).
    PerTotalWagered,
}

impl Basis {
    pub fn words(self) -> &'static str {
        match self {
            Basis::PerUnit => "per unit wagered",
            Basis::PerAnte => "per Ante",
            Basis::PerInitialWager => "per initial wager",
            Basis::PerTotalWagered => "per total wagered",
        }
    }
}

/// A house edge and payback on one basis. `None` where the figure does not exist under the
/// stated assumptions (a meter wager's house edge without a rate of progression), with the
/// record's note saying why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Figure {
    pub basis: Basis,
    pub house_edge: Option<Exact>,
    pub payback: Option<Exact>,
}

impl Figure {
    /// The figure of an expected net per unit on `basis` (house edge = −net, payback = 1 + net).
    pub fn of_net(basis: Basis, net: &BigRational) -> Figure {
        Figure { basis, house_edge: Some(Exact(-net.clone())), payback: Some(Exact(net + BigRational::from_integer(1.into()))) }
    }
}

/// A record's figures: every basis it has, the one it leads with, and that one's values at the
/// top level (so `house_edge` reads the same in every record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Figures {
    pub figures: Vec<Figure>,
    pub primary_basis: Basis,
    pub house_edge: Option<Exact>,
    pub payback: Option<Exact>,
    /// Why `house_edge` is null, where it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_edge_note: Option<String>,
    /// Why `payback` is null, where it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payback_note: Option<String>,
}

impl Figures {
    /// `figures` led by `primary` (which must be among them).
    pub fn new(figures: Vec<Figure>, primary: Basis) -> Figures {
        let lead = figures.iter().find(|f| f.basis == primary).expect("the primary basis is among the figures").clone();
        Figures { figures, primary_basis: primary, house_edge: lead.house_edge, payback: lead.payback, house_edge_note: None, payback_note: None }
    }

    pub fn get(&self, basis: Basis) -> Option<&Figure> {
        self.figures.iter().find(|f| f.basis == basis)
    }
}

/// Where an assumption's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Printed with the paytable (a wager amount, a seed, a rate, the table's own reading).
    Printed,
    /// parsheet's default, with its basis (the tables file records it with its reason).
    Default,
    /// Given by the user (an option of the command).
    Given,
}

/// One thing a figure rests on: a reading of the rules, a house way, a meter's reset, the
/// number of other players, a wager amount, a rate of progression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Assumption {
    /// What is assumed: `reading`, `house-way`, `policy`, `paytable`, `bad-beat`, `min-raise`,
    /// `deck`, `wager`, `seed`, `reset`, `rate`, `reserve`, `original-wager`, `players`, `meter`.
    pub name: String,
    /// The value, as it is printed or typed (`$30,000`, `28%`, `foxwoods`).
    pub value: String,
    pub source: Source,
    /// Why this value: the rule or the evidence behind a default, a note on a printed term.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<String>,
}

impl Assumption {
    pub fn new(name: &str, value: impl Into<String>, source: Source, basis: Option<String>) -> Assumption {
        Assumption { name: name.into(), value: value.into(), source, basis }
    }

    pub fn given(name: &str, value: impl Into<String>) -> Assumption {
        Assumption::new(name, value, Source::Given, None)
    }

    pub fn printed(name: &str, value: impl Into<String>) -> Assumption {
        Assumption::new(name, value, Source::Printed, None)
    }

    pub fn default(name: &str, value: impl Into<String>, basis: impl Into<String>) -> Assumption {
        Assumption::new(name, value, Source::Default, Some(basis.into()))
    }

    /// In words, for a line of text: "reset $30,000 (default: the least 678a.12(d)(3) allows)".
    pub fn words(&self) -> String {
        let name = self.name.replace('-', " ");
        match (self.source, &self.basis) {
            (Source::Default, Some(b)) => format!("{name} {} (default: {b})", self.value),
            (Source::Default, None) => format!("{name} {} (default)", self.value),
            (Source::Printed, Some(b)) => format!("{name} {} (printed; {b})", self.value),
            (Source::Printed, None) => format!("{name} {} (printed)", self.value),
            (Source::Given, Some(b)) => format!("{name} {} ({b})", self.value),
            (Source::Given, None) => format!("{name} {}", self.value),
        }
    }
}
