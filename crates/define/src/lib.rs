//! A side bet as data: what is dealt, and which outcome each deal is.
//!
//! Most side bets on card tables are settled on one hand of dealt cards with no decision: a poker
//! hand of the player's first cards, a pair of the first two cards from a shoe, a sum of card
//! values. A [`Definition`] says such a wager in three parts: the [`Deal`] (the shoe, how many
//! cards the wager reads, and what the joker and the deuces may play as), the ordered
//! [`Outcome`]s, each with the [`Condition`] a deal must meet, and the [`Reading`]s where a rule
//! is open, each able to change the deal's rules and an outcome's condition. A deal is the first
//! outcome whose condition it meets, else `other`: the order is the paytable's, best first.
//!
//! The conditions are claims about the cards held, decided without ranking one hand against
//! another: "the cards can form a flush" (some five of them, the wild cards played as anything
//! the rules allow), "the longest straight flush holds at least five cards", "the values sum to
//! 6 or 33". Asked in the paytable's order, "can form" is "is best": the first outcome a hand can
//! form is its best hand. So the language needs no ranking of categories, and the readings
//! where games rank them differently (five of a kind above or below a royal flush) are the order
//! of the outcomes, written where the reader sees them.
//!
//! This crate holds the types and their checks only: the text form is read by
//! `parsheet-tables` (schema 2), the exact count is `parsheet-games`' (`defined`), the
//! simulation `parsheet-sim`'s. It has no dependencies, does no I/O and knows no game.

use std::fmt;

/// A rank, 0 = deuce … 12 = ace (as `parsheet_cards::Rank`).
pub type Rank = u8;

/// The rank characters, deuce first.
pub const RANK_CHARS: &str = "23456789TJQKA";

/// The rank of a character of [`RANK_CHARS`] (also `10` for ten).
pub fn rank_of(s: &str) -> Option<Rank> {
    match s {
        "10" => Some(8),
        // As printed on the cards: capitals only, so a file reads one way.
        _ if s.len() == 1 => RANK_CHARS.find(s).map(|i| i as Rank),
        _ => None,
    }
}

/// What the joker plays as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joker {
    /// The bug: an ace, or any card that completes a straight, a flush or a straight flush.
    Bug,
    /// Any card.
    Wild,
}

/// The rules the cards are read by: the joker, the deuces and the ace in straights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub joker: Joker,
    pub deuces_wild: bool,
    /// The ace plays low in straights (A-2-3-4-5) as well as high.
    pub ace_low: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { joker: Joker::Wild, deuces_wild: false, ace_low: true }
    }
}

/// A change to [`Rules`]: the parts it names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesChange {
    pub joker: Option<Joker>,
    pub deuces_wild: Option<bool>,
    pub ace_low: Option<bool>,
}

impl RulesChange {
    pub fn apply(&self, r: Rules) -> Rules {
        Rules { joker: self.joker.unwrap_or(r.joker), deuces_wild: self.deuces_wild.unwrap_or(r.deuces_wild), ace_low: self.ace_low.unwrap_or(r.ace_low) }
    }
}

/// What is dealt: `cards` cards from `decks` standard decks and `jokers` jokers shuffled together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub decks: u32,
    pub jokers: u32,
    pub cards: u32,
    pub rules: Rules,
}

impl Deal {
    /// The cards in the shoe.
    pub fn shoe(&self) -> u32 {
        52 * self.decks + self.jokers
    }

    /// The deal in words: "3 cards of one deck", "7 cards of one deck and a joker (the bug)".
    pub fn words(&self) -> String {
        let decks = if self.decks == 1 { "one deck".to_string() } else { format!("a {}-deck shoe", self.decks) };
        let mut w = format!("{} cards of {decks}", self.cards);
        if self.jokers > 0 {
            let joker = if self.rules.joker == Joker::Bug { "the bug" } else { "wild" };
            w += &format!(" and {} ({joker})", if self.jokers == 1 { "a joker".to_string() } else { format!("{} jokers", self.jokers) });
        }
        if self.rules.deuces_wild {
            w += ", deuces wild";
        }
        if !self.rules.ace_low {
            w += ", the ace high only";
        }
        w
    }
}

/// A hand a poker condition names: what the cards can form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    /// Five wild cards.
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

impl Hand {
    pub const ALL: [Hand; 12] = [
        Hand::FiveWilds,
        Hand::RoyalFlush,
        Hand::FiveOfAKind,
        Hand::StraightFlush,
        Hand::FourOfAKind,
        Hand::FullHouse,
        Hand::Flush,
        Hand::Straight,
        Hand::ThreeOfAKind,
        Hand::TwoPair,
        Hand::Pair,
        Hand::HighCard,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Hand::FiveWilds => "five-wilds",
            Hand::RoyalFlush => "royal-flush",
            Hand::FiveOfAKind => "five-of-a-kind",
            Hand::StraightFlush => "straight-flush",
            Hand::FourOfAKind => "four-of-a-kind",
            Hand::FullHouse => "full-house",
            Hand::Flush => "flush",
            Hand::Straight => "straight",
            Hand::ThreeOfAKind => "three-of-a-kind",
            Hand::TwoPair => "two-pair",
            Hand::Pair => "pair",
            Hand::HighCard => "high-card",
        }
    }

    pub fn of(id: &str) -> Option<Hand> {
        Hand::ALL.into_iter().find(|h| h.id() == id)
    }

    /// Whether a rank qualifier means something for this hand (the rank of its main cards).
    pub fn has_main_rank(self) -> bool {
        matches!(self, Hand::FiveOfAKind | Hand::StraightFlush | Hand::FourOfAKind | Hand::FullHouse | Hand::Straight | Hand::ThreeOfAKind | Hand::TwoPair | Hand::Pair)
    }
}

/// How hands are formed: the best five of the cards (poker), or all three of three cards with
/// a straight above a flush (Three Card Poker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    Poker,
    ThreeCard,
}

/// A test of a whole number: `min..=max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Between {
    pub min: u32,
    pub max: u32,
}

impl Between {
    pub fn exactly(n: u32) -> Between {
        Between { min: n, max: n }
    }
    pub fn at_least(n: u32) -> Between {
        Between { min: n, max: u32::MAX }
    }
    pub fn at_most(n: u32) -> Between {
        Between { min: 0, max: n }
    }
    pub fn holds(self, n: u32) -> bool {
        self.min <= n && n <= self.max
    }
}

/// Which cards must be alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alike {
    Rank,
    Suit,
    /// Clubs and spades are black, diamonds and hearts red.
    Colour,
}

/// Ranks to hold in one suit (see [`Condition::Suited`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitGroup {
    pub ranks: Vec<Rank>,
    pub filled: bool,
}

/// A claim about the cards dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    All(Vec<Condition>),
    Any(Vec<Condition>),
    Not(Box<Condition>),
    /// The cards can form `hand` (in `ranking`, by the rules changed by `rules`), its main
    /// cards of a rank in `ranks` where given.
    Forms { hand: Hand, ranking: Ranking, ranks: Option<Between>, rules: RulesChange },
    /// The most cards of one suit, wild cards (and the bug joker) filling in.
    LongestFlush(Between),
    /// The most cards in one straight flush (consecutive ranks of one suit), wild cards filling
    /// gaps; the ace high, or low where the rules allow.
    LongestStraightFlush { length: Between, rules: RulesChange },
    /// How many jokers the cards hold.
    Jokers(Between),
    /// How many wild cards (jokers and, where wild, deuces) the cards hold, under the rules
    /// changed by `rules`.
    Wilds { count: Between, rules: RulesChange },
    /// At least one card of each rank listed (jokers are no rank).
    Holds(Vec<Rank>),
    /// How many cards of `rank` the cards hold.
    RankCount { rank: Rank, count: Between },
    /// How many ranks are held at least twice.
    Pairs(Between),
    /// Each group's ranks held in a suit of its own (distinct suits); a group that may be
    /// `filled` takes wild cards (and the bug joker) for the ranks it lacks, each once.
    Suited(Vec<SuitGroup>),
    /// Every card alike (a joker is never alike).
    Same(Alike),
    /// The best poker hand the cards form has the same value (its hand and the rank of every
    /// card played, kickers too) under the deal's rules as under the rules changed by the
    /// change given: DJ Wild's "natural" read as "the deuces played as natural 2s lose nothing".
    /// One deck only (a hand is then a set of distinct cards).
    SameValue(RulesChange),
    /// The sum of the cards' values (`values[rank]`, the joker `joker`), taken modulo `modulo`
    /// where given, is one of `sums`.
    Sum { values: [u32; 13], joker: u32, modulo: Option<u32>, sums: Vec<Between> },
}

impl Condition {
    /// Whether a suit's colour matters (the suits are then not all alike to a counter).
    pub fn reads_colour(&self) -> bool {
        match self {
            Condition::All(c) | Condition::Any(c) => c.iter().any(Condition::reads_colour),
            Condition::Not(c) => c.reads_colour(),
            Condition::Same(Alike::Colour) => true,
            _ => false,
        }
    }
}

/// One outcome: its id (a paytable line's), the hand in words, and its condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub id: String,
    pub hand: String,
    pub when: Condition,
}

/// A reading of an open rule: changes to the deal's rules and to outcomes' conditions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub id: String,
    pub description: String,
    pub rules: RulesChange,
    pub outcomes: Vec<(String, Condition)>,
}

/// A wager settled on one hand of dealt cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub deal: Deal,
    pub readings: Vec<Reading>,
    pub outcomes: Vec<Outcome>,
}

/// Why a definition cannot be counted: the place (`deal.cards`, `outcomes[2].when`) and the
/// problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub at: String,
    pub problem: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.problem)
    }
}

/// The limits of a deal.
pub const DECKS: (u32, u32) = (1, 8);
pub const JOKERS: (u32, u32) = (0, 2);
pub const CARDS: (u32, u32) = (2, 7);
/// The largest value `sum` gives a card: seven of them stay far inside 32 bits.
pub const CARD_VALUE_MAX: u32 = 1000;

impl Definition {
    /// The deal's rules and the outcomes under `reading` (the first where `None`; none where
    /// there are no readings).
    pub fn read(&self, reading: Option<&str>) -> Result<(Rules, Vec<Outcome>), String> {
        let r = match reading {
            None => self.readings.first(),
            Some(id) => Some(self.readings.iter().find(|r| r.id == id).ok_or_else(|| {
                let ids: Vec<&str> = self.readings.iter().map(|r| r.id.as_str()).collect();
                format!("unknown reading {id:?}; readings: {}", if ids.is_empty() { "none".into() } else { ids.join(", ") })
            })?),
        };
        let Some(r) = r else { return Ok((self.deal.rules, self.outcomes.clone())) };
        let mut outcomes = self.outcomes.clone();
        for (id, when) in &r.outcomes {
            if let Some(o) = outcomes.iter_mut().find(|o| &o.id == id) {
                o.when = when.clone();
            }
        }
        Ok((r.rules.apply(self.deal.rules), outcomes))
    }

    /// What is allowed but surely not meant: a `same-value` that changes no rule the deal has
    /// under a reading (or only the joker's, in a shoe without one), so it compares the hand
    /// with itself. One entry per condition, at its JSON path, naming the readings it is idle
    /// under.
    pub fn oddities(&self) -> Vec<Problem> {
        let say = |at: String, readings: &[&str]| {
            let under = if readings.is_empty() { String::new() } else { format!(" under reading {}", readings.join(", ")) };
            Problem { at, problem: format!("`same-value` changes no rule the deal has{under}, so it compares the hand with itself: it always holds (under `not`, never); name a rule the deal does not have") }
        };
        let idle = |c: &Condition, rules: Rules| idle_same_value(c, rules, self.deal.jokers);
        if self.readings.is_empty() {
            return self.outcomes.iter().enumerate().filter(|(_, o)| idle(&o.when, self.deal.rules)).map(|(i, _)| say(format!("outcomes[{i}].when"), &[])).collect();
        }
        let mut out = Vec::new();
        // An outcome's own condition, under the readings that leave it as it is.
        for (i, o) in self.outcomes.iter().enumerate() {
            let under: Vec<&str> = self.readings.iter().filter(|r| !r.outcomes.iter().any(|(id, _)| id == &o.id) && idle(&o.when, r.rules.apply(self.deal.rules))).map(|r| r.id.as_str()).collect();
            if !under.is_empty() {
                out.push(say(format!("outcomes[{i}].when"), &under));
            }
        }
        // A reading's own conditions, under that reading.
        for (j, r) in self.readings.iter().enumerate() {
            for (id, when) in &r.outcomes {
                if idle(when, r.rules.apply(self.deal.rules)) {
                    out.push(say(format!("readings[{j}].outcomes.{id}"), &[r.id.as_str()]));
                }
            }
        }
        out
    }

    /// Every problem that stops the definition being counted (none: it can be).
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut say = |at: &str, problem: String| out.push(Problem { at: at.into(), problem });
        let d = &self.deal;
        if !(DECKS.0..=DECKS.1).contains(&d.decks) {
            say("deal.decks", format!("{} decks: a shoe holds {} to {} decks", d.decks, DECKS.0, DECKS.1));
        }
        if !(JOKERS.0..=JOKERS.1).contains(&d.jokers) {
            say("deal.jokers", format!("{} jokers: a shoe holds {} to {}", d.jokers, JOKERS.0, JOKERS.1));
        }
        if !(CARDS.0..=CARDS.1).contains(&d.cards) {
            say("deal.cards", format!("{} cards: a wager reads {} to {} cards", d.cards, CARDS.0, CARDS.1));
        }
        let mut all_rules = vec![(String::from("deal.joker"), d.rules)];
        for (i, r) in self.readings.iter().enumerate() {
            all_rules.push((format!("readings[{i}].deal.joker"), r.rules.apply(d.rules)));
        }
        for (at, rules) in &all_rules {
            if rules.joker == Joker::Bug && d.jokers > 1 {
                say(at, "the bug joker (an ace, or a card completing a straight or flush) is defined for one joker; this shoe holds two: make the jokers wild".into());
            }
        }
        if self.outcomes.is_empty() {
            say("outcomes", "a wager needs at least one outcome".into());
        }
        for (i, o) in self.outcomes.iter().enumerate() {
            if o.id.is_empty() || o.id == "other" {
                say(&format!("outcomes[{i}].id"), format!("{:?} cannot name an outcome (`other` is every deal no outcome takes)", o.id));
            }
            if self.outcomes[..i].iter().any(|p| p.id == o.id) {
                say(&format!("outcomes[{i}].id"), format!("outcome {:?} is defined twice", o.id));
            }
            check_condition(&o.when, d, &format!("outcomes[{i}].when"), &mut say);
        }
        for (i, r) in self.readings.iter().enumerate() {
            if self.readings[..i].iter().any(|p| p.id == r.id) {
                say(&format!("readings[{i}].id"), format!("reading {:?} is defined twice", r.id));
            }
            for (id, when) in &r.outcomes {
                if !self.outcomes.iter().any(|o| &o.id == id) {
                    say(&format!("readings[{i}].outcomes.{id}"), format!("no outcome {id:?} to change; outcomes: {}", self.outcomes.iter().map(|o| o.id.as_str()).collect::<Vec<_>>().join(", ")));
                }
                check_condition(when, d, &format!("readings[{i}].outcomes.{id}"), &mut say);
            }
        }
        out
    }
}

/// Whether `c` holds a `same-value` whose change leaves `rules` as they are, or changes only
/// how a joker plays in a shoe of `jokers` = 0.
fn idle_same_value(c: &Condition, rules: Rules, jokers: u32) -> bool {
    match c {
        Condition::All(cs) | Condition::Any(cs) => cs.iter().any(|c| idle_same_value(c, rules, jokers)),
        Condition::Not(c) => idle_same_value(c, rules, jokers),
        Condition::SameValue(change) => {
            let changed = change.apply(rules);
            changed == rules || (jokers == 0 && Rules { joker: rules.joker, ..changed } == rules)
        }
        _ => false,
    }
}

fn check_condition(c: &Condition, d: &Deal, at: &str, say: &mut impl FnMut(&str, String)) {
    let check_between = |b: &Between, say: &mut dyn FnMut(&str, String)| {
        if b.min > b.max {
            say(at, format!("the range {}..{} is empty", b.min, b.max));
        }
    };
    match c {
        Condition::All(cs) | Condition::Any(cs) => {
            let key = if matches!(c, Condition::All(_)) { "all" } else { "any" };
            if cs.is_empty() {
                say(&format!("{at}.{key}"), format!("`{key}` needs at least one condition"));
            }
            for (i, c) in cs.iter().enumerate() {
                check_condition(c, d, &format!("{at}.{key}[{i}]"), say);
            }
        }
        Condition::Not(c) => check_condition(c, d, &format!("{at}.not"), say),
        Condition::Forms { hand, ranking, ranks, rules } => {
            if ranks.is_some() && !hand.has_main_rank() {
                say(at, format!("a {} has no main rank to ask for", hand.id()));
            }
            // A range may be open above (`at-least`): it asks for a rank from 2 to A.
            if let Some(b) = ranks {
                if b.min > 12 || b.min > b.max {
                    say(at, format!("no rank from 2 to A is in the range asked ({}..)", b.min));
                }
            }
            if *ranking == Ranking::ThreeCard && d.cards != 3 {
                say(at, format!("the three-card ranking reads three cards; this deal reads {}", d.cards));
            }
            if *ranking == Ranking::ThreeCard && matches!(hand, Hand::FiveWilds | Hand::RoyalFlush | Hand::FiveOfAKind | Hand::FourOfAKind | Hand::FullHouse | Hand::TwoPair) {
                say(at, format!("three cards cannot form a {}", hand.id()));
            }
            check_rules(rules, d, at, say);
        }
        Condition::LongestFlush(b) | Condition::Jokers(b) | Condition::Pairs(b) => check_between(b, say),
        Condition::LongestStraightFlush { length, rules } | Condition::Wilds { count: length, rules } => {
            check_between(length, say);
            check_rules(rules, d, at, say);
        }
        Condition::RankCount { count, .. } => check_between(count, say),
        Condition::Holds(ranks) => {
            if ranks.is_empty() {
                say(at, "name at least one rank".into());
            }
            if repeats(ranks) {
                say(at, "a rank is named twice (\"T\" and \"10\" are one rank): name each once".into());
            }
        }
        Condition::Suited(groups) => {
            if groups.is_empty() || groups.len() > 4 || groups.iter().any(|g| g.ranks.is_empty()) {
                say(at, "name one to four groups of ranks, each of at least one rank".into());
            }
            // A group is a set of ranks in one suit: a rank twice would read as needing two.
            if groups.iter().any(|g| repeats(&g.ranks)) {
                say(at, "a group names a rank twice (\"T\" and \"10\" are one rank): name each once".into());
            }
        }
        Condition::Same(_) => {}
        Condition::SameValue(rules) => {
            if d.decks != 1 {
                say(at, format!("`same-value` compares the hands of one deck; this shoe holds {} decks", d.decks));
            }
            check_rules(rules, d, at, say);
        }
        Condition::Sum { values, joker, modulo, sums } => {
            // Bounded so no sum of seven cards can overflow (and no card is worth more).
            if let Some(v) = values.iter().chain([joker]).find(|&&v| v > CARD_VALUE_MAX) {
                say(at, format!("a card worth {v}: a value is 0 to {CARD_VALUE_MAX}"));
            }
            if *modulo == Some(0) {
                say(at, "modulo 0".into());
            }
            if sums.is_empty() {
                say(at, "name at least one sum".into());
            }
            sums.iter().for_each(|b| check_between(b, say));
        }
    }
}

/// Whether a rank appears twice in `ranks`.
fn repeats(ranks: &[Rank]) -> bool {
    ranks.iter().enumerate().any(|(i, r)| ranks[..i].contains(r))
}

fn check_rules(r: &RulesChange, d: &Deal, at: &str, say: &mut impl FnMut(&str, String)) {
    if r.joker == Some(Joker::Bug) && d.jokers > 1 {
        say(at, "the bug joker is defined for one joker; this shoe holds two".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(cards: u32) -> Deal {
        Deal { decks: 1, jokers: 0, cards, rules: Rules::default() }
    }

    #[test]
    fn ranks_read_as_printed() {
        assert_eq!(rank_of("2"), Some(0));
        assert_eq!(rank_of("10"), Some(8));
        assert_eq!(rank_of("T"), Some(8));
        assert_eq!(rank_of("t"), None);
        assert_eq!(rank_of("a"), None);
        assert_eq!(rank_of("A"), Some(12));
        assert_eq!(rank_of("1"), None);
        assert_eq!(rank_of("AK"), None);
    }

    #[test]
    fn bad_definitions_name_their_place() {
        let o = |id: &str| Outcome { id: id.into(), hand: String::new(), when: Condition::Same(Alike::Rank) };
        let mut d = Definition { deal: Deal { decks: 9, jokers: 2, cards: 8, rules: Rules { joker: Joker::Bug, ..Rules::default() } }, readings: vec![], outcomes: vec![o("pair"), o("pair"), o("other")] };
        d.outcomes.push(Outcome { id: "x".into(), hand: String::new(), when: Condition::Forms { hand: Hand::Flush, ranking: Ranking::Poker, ranks: Some(Between::at_least(9)), rules: RulesChange::default() } });
        let at: Vec<String> = d.problems().into_iter().map(|p| p.at).collect();
        assert_eq!(at, ["deal.decks", "deal.cards", "deal.joker", "outcomes[1].id", "outcomes[2].id", "outcomes[3].when"]);
        // Inside `all`, `any` and `not`, the place names each step.
        let flush_of = |b: Between| Condition::Forms { hand: Hand::Flush, ranking: Ranking::Poker, ranks: Some(b), rules: RulesChange::default() };
        let nested = Definition { deal: deal(5), readings: vec![], outcomes: vec![Outcome { id: "x".into(), hand: String::new(), when: Condition::All(vec![Condition::Same(Alike::Rank), Condition::Not(Box::new(Condition::Any(vec![flush_of(Between::exactly(3))])))]) }] };
        let at: Vec<String> = nested.problems().into_iter().map(|p| p.at).collect();
        assert_eq!(at, ["outcomes[0].when.all[1].not.any[0]"]);
        let ok = Definition { deal: deal(3), readings: vec![], outcomes: vec![o("pair")] };
        assert!(ok.problems().is_empty());
    }

    #[test]
    fn a_reading_changes_rules_and_conditions() {
        let o = Outcome { id: "a".into(), hand: String::new(), when: Condition::Same(Alike::Rank) };
        let r = Reading { id: "r".into(), description: String::new(), rules: RulesChange { ace_low: Some(false), ..RulesChange::default() }, outcomes: vec![("a".into(), Condition::Same(Alike::Suit))] };
        let d = Definition { deal: deal(3), readings: vec![Reading { id: "first".into(), description: String::new(), rules: RulesChange::default(), outcomes: vec![] }, r], outcomes: vec![o] };
        let (rules, outcomes) = d.read(Some("r")).unwrap();
        assert!(!rules.ace_low);
        assert_eq!(outcomes[0].when, Condition::Same(Alike::Suit));
        let (rules, outcomes) = d.read(None).unwrap();
        assert!(rules.ace_low);
        assert_eq!(outcomes[0].when, Condition::Same(Alike::Rank));
        assert!(d.read(Some("nope")).unwrap_err().contains("readings: first, r"));
    }
}
