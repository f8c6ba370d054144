//! The wagers parsheet knows, each as an exact count of outcomes over every deal.
//!
//! A [`Wager`] names its game and wager ids, the regulation sections it follows, the outcome ids
//! its paytables may pay on, and the named rule readings ([`Variant`]) where the text is
//! ambiguous. [`Wager::count`] enumerates every deal (or counts it exactly by combinatorics) and
//! returns [`OutcomeCounts`] whose total is the number of deals.
//!
//! A deal is classified into exactly one outcome: the best one it holds in the wager's order
//! (best first in `outcomes`), or [`OTHER`] when it holds none. Which outcomes pay, and how
//! much, is the paytable's business (`parsheet-paytable`), so adding a paytable never touches
//! this crate.

// One module per chapter: its wagers, its main game and its readings.
pub mod dj_wild;
pub mod face_up_pai_gow;
pub mod heads_up_holdem;
pub mod high_card_flush;
pub mod over_under;
pub mod saigon_5_card;

// Techniques the chapters share: head-to-head counting (player against dealer hands of one
// deck) and the strategy framework with the registry of main games. Suit classes live in
// `parsheet_cards::iso`, rank histograms and hand folds in `parsheet_eval::frequencies`.
pub mod defined;
pub mod head_to_head;
pub mod plan;
mod solution;

// The paths of Face Up Pai Gow's modules from before the chapters were modules.
pub use face_up_pai_gow::{ace_high, house_way, progressive as fupg_progressive};

pub use parsheet_paytable::OutcomeCounts;
use parsheet_shard::{Combine, Key, Shard, Tally};
use parsheet_cards::CardSet;

/// The outcome of a deal that holds no paying hand of its wager.
pub const OTHER: &str = "other";

/// A named reading of rules the regulation leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub id: &'static str,
    pub description: &'static str,
}

/// One wager of one game.
pub struct Wager {
    pub game: &'static str,
    pub id: &'static str,
    pub title: &'static str,
    /// Regulation sections that define the wager's deal and hands.
    pub rules: &'static str,
    /// What is dealt, in words.
    pub deal: &'static str,
    /// Outcome ids a paytable may name, best first. [`OTHER`] is always an outcome too.
    pub outcomes: &'static [&'static str],
    /// Rule readings; the first is the default.
    pub variants: &'static [Variant],
    count: Counter,
}

/// How a wager is counted: by its own code, or from a definition read from a file.
pub(crate) enum Counter {
    Builtin(fn(&str) -> OutcomeCounts),
    /// A built-in wager counted from its definition, written in code (its text form is under
    /// `tests/definitions`, held equal to it by a test).
    Written(fn() -> &'static parsheet_define::Definition),
    /// The definition, and its canonical text (what the results cache keys the count by).
    Defined(&'static parsheet_define::Definition, &'static str),
}

impl std::fmt::Debug for Wager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wager({} {})", self.game, self.id)
    }
}

impl Wager {
    /// Counts every deal under `variant` (the default when `None`). A wager whose count splits
    /// into shards, or that is counted from a definition (read from a file or written in Rust),
    /// is counted through the program's store (`parsheet_shard::counted`), so a results cache
    /// keeps it.
    pub fn count(&self, variant: Option<&str>) -> Result<OutcomeCounts, String> {
        let v = self.reading(variant)?;
        // A definition read from a file, or one a built-in wager is counted from where its count
        // does not split into shards.
        let whole_definition = match self.count {
            Counter::Defined(definition, _) => Some(definition),
            Counter::Written(definition) if !self.shards() => Some(definition()),
            _ => None,
        };
        if let Some(definition) = whole_definition {
            // Counted whole (a second at most) and kept in the results cache under its text (its
            // structure, for a built-in wager's).
            let tally = parsheet_shard::counted(&self.key(variant)?.whole(), |_| {
                let counts = defined::count(definition, (!v.is_empty()).then_some(v))?;
                let mut t = Tally::new();
                t.push("counts", counts.rows().iter().map(|(_, n)| *n as i128).collect());
                Ok(t)
            })?;
            let by = tally.get_counts("counts", self.outcomes.len() + 1)?;
            let deals = parsheet_cards::binomial(definition.deal.shoe() as u64, definition.deal.cards as u64) as u128;
            if by.iter().sum::<u128>() != deals {
                return Err(format!("the stored counts of {} {} cover {} deals, not the {deals} the shoe deals", self.game, self.id, by.iter().sum::<u128>()));
            }
            let rows = self.outcomes.iter().chain([&OTHER]).zip(by).map(|(o, n)| (o.to_string(), n)).collect();
            return OutcomeCounts::new(deals, rows).map_err(|e| e.to_string());
        }
        match (sharded(self.game, self.id), &self.count) {
            (Some(_), _) => {
                let tally = parsheet_shard::counted(&self.key(Some(v))?, |shard| self.count_shard(Some(v), shard))?;
                self.counts_from_tally(Some(v), &tally)
            }
            (None, Counter::Builtin(count)) => Ok(count(v)),
            (None, Counter::Written(..) | Counter::Defined(..)) => unreachable!("counted above"),
        }
    }

    /// The canonical text of a defined wager's definition (its `deal`, `readings` and
    /// `outcomes`, keys sorted, no whitespace), `None` for a built-in one.
    pub fn definition_text(&self) -> Option<&'static str> {
        match self.count {
            Counter::Defined(_, text) => Some(text),
            Counter::Builtin(_) | Counter::Written(_) => None,
        }
    }

    /// The definition of a wager read from a file, `None` for a built-in one.
    pub fn definition(&self) -> Option<&'static parsheet_define::Definition> {
        match self.count {
            Counter::Defined(d, _) => Some(d),
            Counter::Builtin(_) | Counter::Written(_) => None,
        }
    }

    /// The definition a built-in wager is counted from, `None` for the others.
    pub fn written_definition(&self) -> Option<&'static parsheet_define::Definition> {
        match self.count {
            Counter::Written(definition) => Some(definition()),
            Counter::Builtin(_) | Counter::Defined(..) => None,
        }
    }

    /// Whether the count splits into shards ([`Wager::count_shard`]).
    pub fn shards(&self) -> bool {
        sharded(self.game, self.id).is_some()
    }

    /// What the counts under `variant` depend on: the wager and the reading.
    pub fn key(&self, variant: Option<&str>) -> Result<Key, String> {
        let v = self.reading(variant)?;
        let computation = format!("{} {}, {}", self.game, self.id, if v.is_empty() { "as written" } else { v });
        Ok(match self.count {
            // The definition's text, not its name: an edited definition never reuses a count.
            Counter::Defined(_, text) => Key::new(computation, &[("counts", "outcome counts of a defined wager, v1".into()), ("definition", text.into()), ("reading", v.into())], Combine::Sum),
            Counter::Builtin(_) => Key::new(computation, &[("counts", "outcome counts of a wager, v1".into()), ("game", self.game.into()), ("wager", self.id.into()), ("reading", v.into())], Combine::Sum),
            // The definition as written (its structure, printed), so an edit to it never reads
            // counts kept before.
            Counter::Written(definition) => Key::new(
                computation,
                &[("counts", "outcome counts of a wager, v1".into()), ("game", self.game.into()), ("wager", self.id.into()), ("reading", v.into()), ("definition", format!("{:?}", definition()))],
                Combine::Sum,
            ),
        })
    }

    /// One shard's share of the count under `variant`, as a tally the shards' sum of which
    /// [`Wager::counts_from_tally`] turns into the counts.
    pub fn count_shard(&self, variant: Option<&str>, shard: Shard) -> Result<Tally, String> {
        let v = self.reading(variant)?;
        match sharded(self.game, self.id) {
            Some(Sharded::SevenCardHands) => {
                let definition = self.written_definition().expect("a seven-card wager counted hand by hand is counted from its definition");
                let reading = (!v.is_empty()).then_some(v);
                // Whole, the generic counter's suit lanes (on every core); a shard, the
                // definition's conditions over the suit classes the shard owns. The shards
                // summed equal the whole (tests/shards.rs): two walks of one definition.
                if shard == Shard::WHOLE {
                    let mut t = Tally::new();
                    t.push("counts", defined::count(definition, reading)?.rows().iter().map(|(_, n)| *n as i128).collect());
                    return Ok(t);
                }
                let compiled = defined::Compiled::new(definition, reading)?;
                Ok(seven_of_53_shard(self.outcomes.len(), |hand| compiled.classify(&defined::Held::of_cards(hand)), shard))
            }
            Some(Sharded::AceHigh) => Ok(face_up_pai_gow::ace_high::ace_high_bonus_shard(v, shard)),
            None => Err(format!("{} {} is not counted in shards: it takes well under a second on one machine", self.game, self.id)),
        }
    }

    /// The counts under `variant` from the sum of every shard's tally, checked (every deal
    /// counted once).
    pub fn counts_from_tally(&self, variant: Option<&str>, tally: &Tally) -> Result<OutcomeCounts, String> {
        let v = self.reading(variant)?;
        match sharded(self.game, self.id) {
            Some(Sharded::SevenCardHands) => {
                let by = tally.get_counts("counts", self.outcomes.len() + 1)?;
                let total: u128 = by.iter().sum();
                if total != SEVEN_OF_53 as u128 {
                    return Err(format!("the counts cover {total} hands, not C(53, 7) = {SEVEN_OF_53}: a shard is missing or counted twice"));
                }
                let rows = self.outcomes.iter().chain([&OTHER]).zip(by).map(|(o, n)| (o.to_string(), n)).collect();
                OutcomeCounts::new(total, rows).map_err(|e| e.to_string())
            }
            Some(Sharded::AceHigh) => face_up_pai_gow::ace_high::ace_high_bonus_from_tally(v, tally),
            None => Err(format!("{} {} is not counted in shards", self.game, self.id)),
        }
    }

    /// The reading `variant` names, checked (an unknown name, or any name for a wager with one
    /// reading, is refused with the valid ones), or the default.
    pub fn reading<'a>(&'a self, variant: Option<&'a str>) -> Result<&'a str, String> {
        Ok(match variant {
            None => self.variants.first().map_or("", |v| v.id),
            Some(v) if self.variants.iter().any(|x| x.id == v) => v,
            Some(v) => {
                let known: Vec<&str> = self.variants.iter().map(|x| x.id).collect();
                return Err(if known.is_empty() {
                    format!("{} {} has no rule variants, so {v:?} is unknown", self.game, self.id)
                } else {
                    format!("unknown variant {v:?} of {} {}; known variants: {}", self.game, self.id, known.join(", "))
                });
            }
        })
    }

    /// Whether the wager is counted hand by hand, so [`Wager::outcome_of`] answers.
    pub fn classifies_hands(&self) -> bool {
        self.written_definition().is_some()
    }

    /// For a wager counted hand by hand, the fast path's own classification of one hand under a
    /// reading (the default when `None`): the outcome id, [`OTHER`] for a hand that pays
    /// nothing. `None` for wagers counted by other means (histograms, compositions, two hands).
    pub fn outcome_of(&self, variant: Option<&str>, hand: CardSet) -> Option<Result<&'static str, String>> {
        let v = match self.reading(variant) {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        let definition = self.written_definition()?;
        let classify = defined::Compiled::new(definition, (!v.is_empty()).then_some(v)).map(|c| c.classify(&defined::Held::of_cards(hand)));
        Some(classify.map(|i| self.outcomes.get(i).copied().unwrap_or(OTHER)))
    }

    /// Whether `outcome` is an outcome id of this wager.
    pub fn has_outcome(&self, outcome: &str) -> bool {
        outcome == OTHER || self.outcomes.contains(&outcome)
    }
}

/// Every wager parsheet counts over every deal, chapter by chapter (the main games are
/// [`strategy::STRATEGY_GAMES`]; [`lookup`] answers for both).
pub fn wagers() -> impl Iterator<Item = &'static Wager> {
    let builtin = [saigon_5_card::WAGERS, heads_up_holdem::WAGERS, high_card_flush::WAGERS, over_under::WAGERS, dj_wild::WAGERS, face_up_pai_gow::WAGERS].into_iter().flatten();
    builtin.chain(registry::defined())
}

/// The wagers read from files (schema-2 tables files), beside the built-in ones.
///
/// A file's wager is registered when the file is read, once per process: a wager reads as
/// `&'static` everywhere, so its strings and definition are kept for the life of the process.
/// Reading the same definition again returns the wager registered first; a different one under
/// the same name is refused.
pub mod registry {
    use std::sync::RwLock;

    use parsheet_define::Definition;

    use crate::{Counter, Variant, Wager, GAMES};

    /// Each wager, and whether it was registered by [`redefine`] (the builder's, which a later
    /// `redefine` may replace; a file's never is).
    static DEFINED: RwLock<Vec<(&'static Wager, bool)>> = RwLock::new(Vec::new());

    pub(crate) fn defined() -> Vec<&'static Wager> {
        DEFINED.read().unwrap_or_else(|e| e.into_inner()).iter().map(|(w, _)| *w).collect()
    }

    /// The defined games' ids, in the order first read.
    pub fn games() -> Vec<&'static str> {
        let mut ids: Vec<&'static str> = Vec::new();
        for w in defined() {
            if !ids.contains(&w.game) {
                ids.push(w.game);
            }
        }
        ids
    }

    /// What a file says of one defined wager.
    pub struct Entry<'a> {
        pub game: &'a str,
        pub wager: &'a str,
        pub title: &'a str,
        /// The regulation sections that define it: empty for a wager defined in a file.
        pub rules: &'a str,
        pub definition: Definition,
        /// The canonical text of the definition: sorted keys, no whitespace.
        pub text: String,
    }

    /// Registers `entry` (see the module's note); the error says why it cannot be.
    pub fn define(entry: Entry) -> Result<&'static Wager, String> {
        register(entry, false)
    }

    /// Registers `entry`, replacing a different definition of the same wager registered by
    /// `redefine` before: the designer page's builder, where one wager is defined again at every
    /// edit. A `&'static Wager` handed out before stays valid (it is never freed) but is no
    /// longer listed or found. A wager a file defined ([`define`]) is never replaced.
    pub fn redefine(entry: Entry) -> Result<&'static Wager, String> {
        register(entry, true)
    }

    fn register(entry: Entry, replace: bool) -> Result<&'static Wager, String> {
        if GAMES.contains(&entry.game) {
            return Err(format!("{:?} is a built-in game: a defined wager lives in a game of its own (another id)", entry.game));
        }
        if let Some(p) = entry.definition.problems().first() {
            return Err(p.to_string());
        }
        let mut all = DEFINED.write().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = all.iter().position(|(w, _)| w.game == entry.game && w.id == entry.wager) {
            let (known, designed) = all[at];
            match known.definition() {
                Some(d) if *d == entry.definition && (known.title == entry.title || !designed) => return Ok(known),
                _ if replace && designed => {
                    all.remove(at);
                }
                _ if replace => return Err(format!("{} {} is defined by a tables file read at start: give the side bet another game or wager id", entry.game, entry.wager)),
                _ => return Err(format!("{} {} is defined twice, differently: one definition of a wager per run", entry.game, entry.wager)),
            }
        }
        let keep = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
        let definition: &'static Definition = Box::leak(Box::new(entry.definition));
        let outcomes: Vec<&'static str> = definition.outcomes.iter().map(|o| keep(&o.id)).collect();
        let variants: Vec<Variant> = definition.readings.iter().map(|r| Variant { id: keep(&r.id), description: keep(&r.description) }).collect();
        let game = all.iter().find(|(w, _)| w.game == entry.game).map_or_else(|| keep(entry.game), |(w, _)| w.game);
        let wager: &'static Wager = Box::leak(Box::new(Wager {
            game,
            id: keep(entry.wager),
            title: keep(entry.title),
            rules: keep(entry.rules),
            deal: keep(&definition.deal.words()),
            outcomes: Box::leak(outcomes.into_boxed_slice()),
            variants: Box::leak(variants.into_boxed_slice()),
            count: Counter::Defined(definition, keep(&entry.text)),
        }));
        all.push((wager, replace));
        Ok(wager)
    }
}

/// How a wager's count splits into shards.
enum Sharded {
    /// Seven-card hands of 52 cards and the joker, classified one by one: the units are the
    /// suit-isomorphism classes, which all cost one classification.
    SevenCardHands,
    /// Face Up Pai Gow's Ace High Bonus, a joint count of two hands: the units are the dealer's
    /// rank sets.
    AceHigh,
}

fn sharded(game: &str, wager: &str) -> Option<Sharded> {
    match (game, wager) {
        ("face-up-pai-gow", "fortune-bonus" | "progressive") => Some(Sharded::SevenCardHands),
        ("face-up-pai-gow", "ace-high-bonus") => Some(Sharded::AceHigh),
        _ => None,
    }
}

/// The outcomes of the built-in bets written as definitions that pay the best five cards' category
/// (Trips Plus, the Fortune Bonus, Face Up Pai Gow's Progressive), from the royal flush down to
/// three of a kind, with the words their paytables print.
pub(crate) fn best_five_outcomes() -> Vec<parsheet_define::Outcome> {
    use parsheet_define::{Condition, Hand, Outcome, Ranking, RulesChange};
    let lines = [
        ("royal-flush", "Royal flush", Hand::RoyalFlush),
        ("straight-flush", "Straight flush", Hand::StraightFlush),
        ("four-of-a-kind", "Four of a kind", Hand::FourOfAKind),
        ("full-house", "Full house", Hand::FullHouse),
        ("flush", "Flush", Hand::Flush),
        ("straight", "Straight", Hand::Straight),
        ("three-of-a-kind", "Three of a kind", Hand::ThreeOfAKind),
    ];
    lines.into_iter().map(|(id, hand, h)| Outcome { id: id.into(), hand: hand.into(), when: Condition::Forms { hand: h, ranking: Ranking::Poker, ranks: None, rules: RulesChange::default() } }).collect()
}

/// The game ids, in the order of the chapters.
pub const GAMES: [&str; 6] = ["saigon-5-card", "heads-up-holdem", "high-card-flush", "over-under", "dj-wild", "face-up-pai-gow"];

/// The wager id of every main game, whatever its pay tables are called (DJ Wild's Blind,
/// Heads-Up Hold 'Em's Odds): its outcome counts come from its optimal strategy under them.
pub const MAIN: &str = "base";

/// A wager of the one registry: counted over every deal, or a main game solved under its
/// optimal strategy ([`strategy::StrategyGame`], the wager [`MAIN`]).
#[derive(Clone, Copy, Debug)]
pub enum Model {
    Counted(&'static Wager),
    Main(&'static strategy::StrategyGame),
}

impl Model {
    pub fn game(&self) -> &'static str {
        match self {
            Model::Counted(w) => w.game,
            Model::Main(g) => g.game,
        }
    }

    /// The registry's id: [`MAIN`] for a main game.
    pub fn id(&self) -> &'static str {
        match self {
            Model::Counted(w) => w.id,
            Model::Main(_) => MAIN,
        }
    }

    pub fn rules(&self) -> &'static str {
        match self {
            Model::Counted(w) => w.rules,
            Model::Main(g) => g.rules,
        }
    }

    pub fn variants(&self) -> &'static [Variant] {
        match self {
            Model::Counted(w) => w.variants,
            Model::Main(g) => g.variants,
        }
    }
}

/// The wager ids of `game` in the registry: its main game ([`MAIN`]) first where parsheet
/// solves one, then the counted wagers.
pub fn wager_ids(game: &str) -> Vec<&'static str> {
    let main = strategy::STRATEGY_GAMES.iter().filter(|g| g.game == game).map(|_| MAIN);
    main.chain(wagers().filter(|w| w.game == game).map(|w| w.id)).collect()
}

fn check_game(game: &str) -> Result<(), String> {
    let all = games();
    if all.contains(&game) {
        Ok(())
    } else {
        Err(format!("unknown game {game:?}{}; games: {}", did_you_mean(game, all.iter().copied()), all.join(", ")))
    }
}

/// Every game: the built-in ones ([`GAMES`]), then those defined by the files read.
pub fn games() -> Vec<&'static str> {
    GAMES.iter().copied().chain(registry::games()).collect()
}

/// " (did you mean X?)" for the id among `ids` that `given` most likely meant: one that begins
/// with it or holds it ("saigon" → saigon-5-card), else one within two character edits; empty
/// when none or several fit equally.
pub fn did_you_mean<'a>(given: &str, ids: impl Iterator<Item = &'a str> + Clone) -> String {
    let given = given.to_ascii_lowercase();
    let pick = |found: Vec<&'a str>| (found.len() == 1).then(|| format!(" (did you mean {}?)", found[0]));
    let by_part = ids.clone().filter(|id| given.len() >= 3 && (id.starts_with(&given) || id.contains(&given))).collect();
    let by_edit = || {
        let best = ids.clone().map(|id| (edits(&given, id), id)).filter(|(d, _)| *d <= 2).min_by_key(|(d, _)| *d);
        let best = best.map(|(d, _)| d);
        ids.clone().filter(|id| Some(edits(&given, id)) == best).collect()
    };
    pick(by_part).or_else(|| pick(by_edit())).unwrap_or_default()
}

/// The Levenshtein distance between two short ids.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j])).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

fn unknown_wager(game: &str, wager: &str) -> String {
    let ids = wager_ids(game);
    format!("unknown wager {wager:?} of {game}{}; wagers parsheet computes: {}", did_you_mean(wager, ids.iter().copied()), if ids.is_empty() { "none yet".to_string() } else { ids.join(", ") })
}

/// Looks up a wager of the registry. A main game answers to [`MAIN`] and to the `tables/`
/// wager whose pays it reads (DJ Wild's `blind`, Heads-Up's `odds`). The error lists what is
/// valid.
pub fn lookup(game: &str, wager: &str) -> Result<Model, String> {
    check_game(game)?;
    if let Some(g) = strategy::STRATEGY_GAMES.iter().find(|g| g.game == game && (wager == MAIN || wager == g.wager)) {
        return Ok(Model::Main(g));
    }
    if strategy::STRATEGY_GAMES.iter().any(|g| g.game == game && g.bonus_wager == Some(wager)) {
        return Err(format!(
            "{game} {wager} is settled inside the main game: its figures are those of `parsheet analyze {game} base` with a {wager} table given by --tables DIR; design its pays with `parsheet explore {game} {wager}`"
        ));
    }
    find(game, wager).map(Model::Counted)
}

/// Looks up a counted wager; the error lists what is valid.
pub fn find(game: &str, wager: &str) -> Result<&'static Wager, String> {
    check_game(game)?;
    wagers().find(|w| w.game == game && w.id == wager).ok_or_else(|| unknown_wager(game, wager))
}

const SEVEN_OF_53: u64 = 154_143_080;

/// The suit classes of seven cards of 53 that `shard` owns, by `classify`: counts per outcome
/// index, the last for no paying hand.
fn seven_of_53_shard(outcomes: usize, classify: impl Fn(CardSet) -> usize, shard: Shard) -> Tally {
    let mut by = vec![0i128; outcomes + 1];
    let mut unit = 0;
    parsheet_cards::iso::for_each_class(7, true, |hand, weight| {
        if shard.owns_uniform(unit) {
            by[classify(hand).min(outcomes)] += weight as i128;
        }
        unit += 1;
    });
    Tally::new().with("counts", by)
}

/// Builds counts from rows in outcome order plus the rest as [`OTHER`].
fn with_other(cycle: u64, rows: Vec<(&str, u64)>) -> OutcomeCounts {
    let paid: u64 = rows.iter().map(|r| r.1).sum();
    let mut all: Vec<(String, u128)> = rows.into_iter().map(|(o, n)| (o.to_string(), n as u128)).collect();
    all.push((OTHER.to_string(), (cycle - paid) as u128));
    OutcomeCounts::new(cycle as u128, all).expect("every deal counted once")
}

/// Main games: the strategy framework ([`Solution`](strategy::Solution), [`StrategyGame`](strategy::StrategyGame)),
/// each game's solver under its old path (`strategy::dj_wild`, …) and the registry of main games.
/// It lives at the crate's root so that the framework (`solution.rs`), which every chapter uses,
/// does not also name every chapter.
pub mod strategy {
    pub use crate::dj_wild::main_game as dj_wild;
    pub use crate::face_up_pai_gow::main_game as face_up_pai_gow;
    pub use crate::heads_up_holdem::main_game as heads_up;
    pub use crate::high_card_flush::main_game as high_card_flush;
    pub use crate::over_under::main_game as over_under;
    pub use crate::saigon_5_card::main_game as saigon;
    pub use crate::solution::*;

    use crate::solution::Solver;
    use crate::Variant;

    pub static STRATEGY_GAMES: &[StrategyGame] = &[
    StrategyGame {
        game: "over-under",
        title: "Over/Under: Ante with Over 23, Under 18 or surrender",
        rules: "686a.3, 686a.7(e)-(k), 686a.8(a)",
        deal: "one card from six decks (312 cards), the decision, then two more cards; aces 11, tens and faces 10",
        variants: &[
            Variant {
                id: "opposite-range-loses",
                description: "an Over 23 bet loses on 6-17 and an Under 18 bet on 24-33 (686a.7 says only when they win and that both lose on 18-23)",
            },
            Variant { id: "opposite-range-pushes", description: "an Over 23 bet pushes on 6-17 and an Under 18 bet on 24-33" },
        ],
        wager: "base",
        bonus_wager: None,
        solve: Solver::Fixed(over_under::solve),
    },
    StrategyGame {
        game: "dj-wild",
        title: "DJ Wild Stud Poker: Ante, Blind and Raise",
        rules: "687a.6, 687a.11(b), 687a.11(e), 687a.12(a)-(b)",
        deal: "five cards each to player and dealer from 52 cards and a joker; deuces and the joker wild; no dealer qualifier",
        variants: &[Variant {
            id: "as-written",
            description: "five of a kind ranks between royal flush and straight flush, as in the pay tables (687a.6(c) omits it); equal hands tie with or without wild cards",
        }],
        wager: "blind",
        bonus_wager: None,
        solve: Solver::Paid(dj_wild::solve),
    },
    StrategyGame {
        game: "saigon-5-card",
        title: "Saigon 5 Card: Ante",
        rules: "680a.6(a)-(b), 680a.11(b)-(d), 680a.12(a)-(b)",
        deal: "five cards each to the player and the dealer from one deck and a joker (53 cards); aces 1, tens and faces 10, the joker 3, 6 or 9",
        variants: &[
            Variant {
                id: "house-highest-point",
                description: "a dealer hand that qualifies with several Point Counts (joker values) is set to the highest (the house way is not in 680a; the bound worst for the player)",
            },
            Variant { id: "house-lowest-point", description: "such a dealer hand is set to the lowest Point Count (the bound best for the player)" },
        ],
        wager: "base",
        bonus_wager: None,
        solve: Solver::Paid(saigon::solve),
    },
    StrategyGame {
        game: "high-card-flush",
        title: "High Card Flush: Ante with Raise or fold",
        rules: "678a.6, 678a.11(b)-(d), 678a.12(a)",
        deal: "seven cards each to the player and the dealer from one 52-card deck; the player folds or raises before the dealer's cards are turned",
        variants: &[Variant {
            id: "as-written",
            description: "raise 1x with a 2- to 4-card flush, up to 2x with a 5-card, up to 3x with a 6- or 7-card flush; the dealer qualifies with a 3-card flush nine high",
        }],
        wager: "base",
        bonus_wager: None,
        solve: Solver::Fixed(high_card_flush::solve),
    },
    StrategyGame {
        game: "face-up-pai-gow",
        title: "Face Up Pai Gow Poker: the Face Up Pai Gow Poker Wager against the exposed dealer hands",
        rules: "688a.6, 688a.11(a)-(f), 688a.12(a)",
        deal: "seven cards each to the dealer and the player from 52 cards and a joker; the dealer sets by the house way and exposes both hands, then the player sets",
        variants: &[
            Variant { id: "optimal-player", description: "the player sets his hands to do best against the dealer's exposed high and low hands (688a.11(b))" },
            Variant { id: "house-way-player", description: "the player sets his hands by the house way, as the dealer would (688a.11(b)(1))" },
            Variant {
                id: "optimal-player-natural-ace-only",
                description: "as optimal-player, but only a dealer hand with a natural ace and no joker pushes as an Ace High Pai Gow: a reading the text rejects (688a.6(a) counts the joker as an ace, and 688a.12(b) pays Ace High lines 'with joker')",
            },
            Variant { id: "house-way-player-natural-ace-only", description: "as house-way-player, under the natural-ace-only Ace High Pai Gow reading the text rejects" },
        ],
        wager: "base",
        bonus_wager: None,
        solve: Solver::HouseWay,
    },
    StrategyGame {
        game: "heads-up-holdem",
        title: "World Poker Tour Heads-Up Hold 'Em: Ante and Odds with Raise pre-flop, on the flop or at the river",
        rules: "677a.7(d)(1), 677a.11(b)-(h), 677a.12(a)-(c)",
        deal: "two cards each to the player and the dealer and five community cards from one 52-card deck; raise up to 3x before the flop, up to 2x after it, 1x or fold after the river",
        variants: &[
            Variant {
                id: "odds-push-below-pair",
                description: "a win with less than a pair (the dealer does not qualify either) pushes the Odds: 677a.11(h)(1)(i) pays a winning Odds by 677a.12(b), whose lines below a straight all push, and which has no high-card line",
            },
            Variant {
                id: "odds-lose-below-pair",
                description: "a win with less than a pair loses the Odds, as a hand without a paytable line does elsewhere (the bound least favourable to the player; the text says the winning Odds is paid)",
            },
        ],
        wager: "odds",
        bonus_wager: Some("bad-beat"),
        solve: Solver::PaidWithBonus(heads_up::solve),
    },
    ];

    /// The strategy game answering the published figures of `game`'s `wager`, if any.
    pub fn strategy_of_wager(game: &str, wager: &str) -> Option<&'static StrategyGame> {
        STRATEGY_GAMES.iter().find(|g| g.game == game && g.wager == wager)
    }

    /// The strategies of main game `game` under `reading` as data, each replayed
    /// ([`crate::plan`]): `table` is the paytable its solver reads (DJ Wild's Blind, Saigon's
    /// Ante, Heads-Up's Odds, played without a Bad Beat table). Heads-Up Hold 'Em's plan is its
    /// pre-flop chart, the flop and river played optimally. `None` for Face Up Pai Gow, whose
    /// settings against exposed dealer hands are not a list of classes.
    pub fn player_strategies(game: &str, reading: &str, table: Option<&parsheet_paytable::Paytable>) -> Result<Option<crate::plan::Strategies>, String> {
        use crate::plan::Strategies;
        let need = || table.ok_or_else(|| format!("the {game} strategy plays a paytable; none given"));
        let replayed = |rules: Vec<crate::plan::Rule>, replay: &dyn Fn(&crate::plan::Plan) -> Result<crate::plan::Replay, String>| {
            rules.into_iter().map(|r| replay(&r.plan).map(|x| (r, x))).collect::<Result<Vec<_>, String>>()
        };
        let out = match game {
            "over-under" => {
                let optimal = crate::over_under::plan::optimal_plan(reading);
                let replay = crate::over_under::plan::replay(&optimal, reading)?;
                Strategies { optimal, replay, rules: vec![] }
            }
            "dj-wild" => {
                use crate::dj_wild::plan as dj;
                let blind = need()?;
                let optimal = dj::optimal_plan(blind)?;
                let play = |p: &crate::plan::Plan| dj::replay(p, blind);
                Strategies { replay: play(&optimal)?, rules: replayed(dj::rules(blind)?, &play)?, optimal }
            }
            "saigon-5-card" => {
                use crate::saigon_5_card::{main_game as sg, plan};
                let (way, pays) = (sg::HouseWay::from_variant(reading), sg::WinPays::from_paytable(need()?)?);
                let optimal = plan::optimal_plan(&sg::FULL_DECK, way, pays);
                let replay = plan::replay(&optimal, &sg::FULL_DECK, way, pays)?;
                Strategies { optimal, replay, rules: vec![] }
            }
            "high-card-flush" => {
                use crate::high_card_flush::plan as hcf;
                let suits = [0x1fff; 4];
                let (optimal, rules) = hcf::strategies(&suits, 7);
                let play = |p: &crate::plan::Plan| hcf::replay(p, &suits, 7);
                Strategies { replay: play(&optimal)?, rules: replayed(rules, &play)?, optimal }
            }
            "heads-up-holdem" => {
                let x = heads_up::solve_cached(&heads_up::Config::heads_up(reading, need()?, None)?)?;
                crate::heads_up_holdem::plan::strategies(&x)?
            }
            _ => return Ok(None),
        };
        Ok(Some(out))
    }

    /// The exact result of playing `plan` in main game `game` under `reading` (`table` as for
    /// [`player_strategies`]); an error names a class the game lacks, one the plan leaves out, or
    /// an action the class does not offer.
    pub fn replay_plan(game: &str, reading: &str, table: Option<&parsheet_paytable::Paytable>, plan: &crate::plan::Plan) -> Result<crate::plan::Replay, String> {
        let need = || table.ok_or_else(|| format!("the {game} strategy plays a paytable; none given"));
        match game {
            "over-under" => crate::over_under::plan::replay(plan, reading),
            "dj-wild" => crate::dj_wild::plan::replay(plan, need()?),
            "saigon-5-card" => {
                use crate::saigon_5_card::main_game as sg;
                crate::saigon_5_card::plan::replay(plan, &sg::FULL_DECK, sg::HouseWay::from_variant(reading), sg::WinPays::from_paytable(need()?)?)
            }
            "high-card-flush" => crate::high_card_flush::plan::replay(plan, &[0x1fff; 4], 7),
            "heads-up-holdem" => crate::heads_up_holdem::plan::replay(&*heads_up::solve_cached(&heads_up::Config::heads_up(reading, need()?, None)?)?, plan),
            _ => Err(format!("the {game} strategy is not a list of decision classes to replay")),
        }
    }

    /// Looks up a strategy game; the error lists those parsheet solves.
    pub fn find_strategy(game: &str) -> Result<&'static StrategyGame, String> {
        STRATEGY_GAMES.iter().find(|g| g.game == game).ok_or_else(|| {
            let ids: Vec<&str> = STRATEGY_GAMES.iter().map(|g| g.game).collect();
            let hint = crate::did_you_mean(game, ids.iter().copied());
            if hint.is_empty() {
                format!("parsheet does not solve a strategy for {game:?} yet; it solves: {}", ids.join(", "))
            } else {
                format!("unknown game {game:?}{hint}; parsheet solves the strategy of: {}", ids.join(", "))
            }
        })
    }
}
