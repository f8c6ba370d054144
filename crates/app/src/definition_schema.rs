//! The JSON form of a wager definition (docs/WAGERS.md), as types a schema is generated from
//! (`docs/schemas/wager-definition.json`). The definition itself (`parsheet_define`) stays free
//! of serde; the reader (`parsheet_tables::definition`) is the authority on what is accepted,
//! and the tests hold every definition file parsheet ships valid against this schema, and the
//! refused shapes they try invalid against it.

#![allow(dead_code)]

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

/// A wager definition: the `deal`, `readings` and `outcomes` of a wager in a schema-2 tables
/// file (the wager object holds them beside its `id`, `title` and paytables).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WagerDefinition {
    pub deal: Deal,
    /// Where a rule is open: each reading's rules and replaced conditions. The first is the
    /// default.
    #[serde(default)]
    pub readings: Vec<Reading>,
    /// Best first: a deal is the first outcome whose `when` it meets, else `other`.
    #[schemars(length(min = 1))]
    pub outcomes: Vec<Outcome>,
}

/// The shoe, the cards the wager reads and the rules they are read by.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Standard 52-card decks, 1 to 8.
    #[schemars(range(min = 1, max = 8))]
    pub decks: u32,
    /// Jokers in the whole shoe, 0 to 2 (default 0).
    #[schemars(range(min = 0, max = 2))]
    pub jokers: Option<u32>,
    /// Cards the wager reads, 2 to 7.
    #[schemars(range(min = 2, max = 7))]
    pub cards: u32,
    pub joker: Option<JokerRule>,
    pub deuces: Option<DeucesRule>,
    pub ace: Option<AceRule>,
}

/// Rules given alone (a reading's `deal`, a condition's `rules`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesOnly {
    pub joker: Option<JokerRule>,
    pub deuces: Option<DeucesRule>,
    pub ace: Option<AceRule>,
}

/// `wild` (the default): any card; `bug`: an ace, or a card completing a straight, a flush or
/// a straight flush (one joker only).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum JokerRule {
    Wild,
    Bug,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeucesRule {
    Natural,
    Wild,
}

/// `high-or-low` (the default): A-2-3-4-5 is a straight; `high-only`: it is not.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AceRule {
    HighOrLow,
    HighOnly,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: Id,
    #[schemars(length(min = 1))]
    pub description: String,
    pub deal: Option<RulesOnly>,
    /// Conditions this reading puts in place of the outcomes' own, by outcome id.
    pub outcomes: Option<BTreeMap<String, Condition>>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub id: Id,
    /// The hand in words, as a paytable prints it.
    #[schemars(length(min = 1))]
    pub hand: String,
    pub when: Condition,
}

/// Lowercase letters and digits in words joined by single dashes; never `other` (every deal
/// no outcome takes).
#[derive(Deserialize, JsonSchema)]
#[schemars(extend("not" = {"const": "other"}))]
pub struct Id(#[schemars(pattern(r"^[a-z0-9]+(-[a-z0-9]+)*$"))] pub String);

/// A rank as printed: 2-9, T (or 10), J, Q, K, A.
#[derive(Deserialize, JsonSchema)]
pub struct Rank(#[schemars(pattern(r"^([2-9TJQKA]|10)$"))] pub String);

/// A number, or a range of them.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Count {
    Exactly(u32),
    Range(CountRange),
}

/// `at-least`, `at-most`, both, or `from` and `to`.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CountRange {
    Both(Both<u32>),
    FromTo(FromTo<u32>),
    AtLeast(AtLeast<u32>),
    AtMost(AtMost<u32>),
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Both<T> {
    pub at_least: T,
    pub at_most: T,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FromTo<T> {
    pub from: T,
    pub to: T,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AtLeast<T> {
    pub at_least: T,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AtMost<T> {
    pub at_most: T,
}

/// A rank, or a range of ranks.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Ranks {
    Exactly(Rank),
    Range(RankRange),
}

#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RankRange {
    Both(Both<Rank>),
    FromTo(FromTo<Rank>),
    AtLeast(AtLeast<Rank>),
    AtMost(AtMost<Rank>),
}

/// One sum, or a list of them.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Sums {
    One(Count),
    Any(#[schemars(length(min = 1))] Vec<Count>),
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HandName {
    FiveWilds,
    RoyalFlush,
    FiveOfAKind,
    StraightFlush,
    FourOfAKind,
    FullHouse,
    Flush,
    Straight,
    ThreeOfAKind,
    TwoPair,
    Pair,
    HighCard,
}

/// `poker` (the default): the best five cards; `three-card`: all three of three cards, a
/// straight above a flush.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RankingName {
    Poker,
    ThreeCard,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Alike {
    Rank,
    Suit,
    Colour,
}

/// Ranks in a suit of their own; `filled`: wild cards (and the bug joker) stand for ranks it
/// lacks.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuitGroup {
    #[schemars(length(min = 1))]
    pub ranks: Vec<Rank>,
    pub filled: Option<bool>,
}

/// A condition: an object with one of these keys (docs/WAGERS.md, "Conditions").
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Condition {
    All(AllOf),
    Any(AnyOf),
    Not(NotOf),
    Forms(Forms),
    LongestFlush(LongestFlush),
    LongestStraightFlush(LongestStraightFlush),
    Jokers(Jokers),
    Wilds(Wilds),
    Holds(Holds),
    RankCount(RankCount),
    Pairs(Pairs),
    Suited(Suited),
    Same(Same),
    SameValue(SameValue),
    Sum(Sum),
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllOf {
    #[schemars(length(min = 1))]
    pub all: Vec<Condition>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnyOf {
    #[schemars(length(min = 1))]
    pub any: Vec<Condition>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotOf {
    pub not: Box<Condition>,
}

/// The cards can form the hand (with its main rank in `ranks`).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Forms {
    pub forms: HandName,
    pub ranks: Option<Ranks>,
    pub ranking: Option<RankingName>,
    pub rules: Option<RulesOnly>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LongestFlush {
    pub longest_flush: Count,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LongestStraightFlush {
    pub longest_straight_flush: Count,
    pub rules: Option<RulesOnly>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Jokers {
    pub jokers: Count,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Wilds {
    pub wilds: Count,
    pub rules: Option<RulesOnly>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Holds {
    #[schemars(length(min = 1))]
    pub holds: Vec<Rank>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RankCount {
    pub rank_count: Count,
    pub rank: Rank,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pairs {
    pub pairs: Count,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Suited {
    #[schemars(length(min = 1, max = 4))]
    pub suited: Vec<SuitGroup>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Same {
    pub same: Alike,
}

/// The best poker hand the cards form has the same value (hand and every card's rank) under the
/// deal's rules as under these (one deck only).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SameValue {
    pub same_value: RulesOnly,
}

/// The sum of the cards' values (every rank named once in `values`, each 0 to 1000), modulo
/// `modulo` where given, is one of `sum`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sum {
    pub sum: Sums,
    /// Every rank 2 to A (or 10 for T) once, each worth 0 to 1000.
    #[schemars(extend("propertyNames" = {"pattern": "^([2-9TJQKA]|10)$"}, "minProperties" = 13, "maxProperties" = 13, "additionalProperties" = {"type": "integer", "minimum": 0, "maximum": 1000}))]
    pub values: BTreeMap<String, u32>,
    #[schemars(range(min = 1))]
    pub modulo: Option<u32>,
    #[schemars(range(max = 1000))]
    pub joker: Option<u32>,
}
