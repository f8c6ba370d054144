//! The fast evaluators against `parsheet-reference`, a deliberately simple implementation that
//! shares no code with them (it substitutes every card for each wild and tries every five-card
//! subset).
//!
//! Agreement means: the same category for every hand, and the same order. Ranks and reference
//! values live in different spaces, so "same order" is checked as an order isomorphism: the map
//! from reference value to fast rank must be well defined (equal values, equal ranks) and strictly
//! increasing (better values, better ranks).

use std::collections::BTreeMap;

use parsheet_cards::{Card, CardSet, Deck, Subsets};
use parsheet_eval::{dj, hcf, paigow, Evaluator, HandRank, Ranking};
use parsheet_reference as reference;
use reference::{RefCard, RefValue};

fn to_ref(cards: CardSet) -> Vec<RefCard> {
    cards
        .iter()
        .map(|c: Card| match (c.rank(), c.suit()) {
            (Some(r), Some(s)) => RefCard::natural(r.0, s.0),
            _ => RefCard::Joker,
        })
        .collect()
}

fn reference_of(ranking: Ranking) -> fn(&[RefCard]) -> RefValue {
    match ranking {
        Ranking::Standard => reference::standard,
        Ranking::Joker => reference::saigon_joker,
        Ranking::PaiGow => reference::pai_gow,
        Ranking::DeucesJokerWild => reference::deuces_joker_wild,
        Ranking::PaiGowWildJoker => unreachable!("not in Ranking::ALL; checked against substitution in parsheet-games tests/fupg_progressive.rs"),
    }
}

/// Checks categories hand by hand and collects the value-to-rank map for the order check.
struct Agreement {
    ranking: Ranking,
    map: BTreeMap<RefValue, (HandRank, CardSet)>,
    hands: u64,
}

impl Agreement {
    fn new(ranking: Ranking) -> Agreement {
        Agreement { ranking, map: BTreeMap::new(), hands: 0 }
    }

    fn check(&mut self, hand: CardSet) {
        let e = Evaluator::get(self.ranking);
        let fast = e.evaluate(hand);
        let slow = reference_of(self.ranking)(&to_ref(hand));
        assert_eq!(e.category(fast).name(), slow.category.name(), "{:?} {hand}", self.ranking);
        if let Some(&(other, other_hand)) = self.map.get(&slow) {
            assert_eq!(fast, other, "{:?}: {hand} and {other_hand} are equal by the reference", self.ranking);
        } else {
            self.map.insert(slow, (fast, hand));
        }
        self.hands += 1;
    }

    fn finish(self) {
        let ranks: Vec<(HandRank, CardSet)> = self.map.values().copied().collect();
        for w in ranks.windows(2) {
            assert!(w[0].0 < w[1].0, "{:?}: {} should rank below {}", self.ranking, w[0].1, w[1].1);
        }
    }
}

/// A small seeded generator (splitmix64), so samples are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `k` distinct cards drawn from `from`.
    fn hand(&mut self, from: &[Card], k: usize) -> CardSet {
        let mut set = CardSet::EMPTY;
        while set.len() < k as u32 {
            set = set.with(from[self.below(from.len())]);
        }
        set
    }
}

fn deck_of(ranking: Ranking) -> Deck {
    if ranking.uses_joker() {
        Deck::with_joker()
    } else {
        Deck::standard()
    }
}

#[test]
fn every_five_card_hand_agrees() {
    for ranking in Ranking::ALL {
        let deck = deck_of(ranking);
        let mut agreement = Agreement::new(ranking);
        for hand in Subsets::new(deck.cards(), 5) {
            agreement.check(hand);
        }
        assert_eq!(agreement.hands, parsheet_cards::binomial(deck.len() as u64, 5));
        agreement.finish();
    }
}

/// Seven-card samples: uniform hands, plus hands drawn from a rich sub-deck (one suit, the joker,
/// aces, deuces, kings and queens) so that straight flushes, royals, five aces and wild hands
/// turn up often.
#[test]
fn seeded_seven_and_six_card_samples_agree() {
    let mut rng = Rng(0x5eed_0001);
    for ranking in Ranking::ALL {
        let deck = deck_of(ranking);
        let rich: Vec<Card> = deck
            .cards()
            .iter()
            .copied()
            .filter(|c| c.is_joker() || c.suit().map(|s| s.0) == Some(3) || matches!(c.rank().map(|r| r.0), Some(0 | 10 | 11 | 12)))
            .collect();
        let mut agreement = Agreement::new(ranking);
        for i in 0..60_000 {
            let size = if i % 4 == 0 { 6 } else { 7 };
            let from = if i % 2 == 0 { deck.cards() } else { &rich[..] };
            agreement.check(rng.hand(from, size));
        }
        agreement.finish();
    }
}

#[test]
fn high_card_flush_agrees() {
    let mut rng = Rng(0x5eed_0002);
    let deck = Deck::standard();
    let mut map: BTreeMap<(u8, Vec<u8>), hcf::HcfRank> = BTreeMap::new();
    for _ in 0..200_000 {
        let hand = rng.hand(deck.cards(), 7);
        let cards = to_ref(hand);
        let fast = hcf::rank(hand);
        let slow = reference::hcf_value(&cards);
        assert_eq!(fast.flush_len(), slow.0 as u32, "{hand}");
        assert_eq!(*map.entry(slow).or_insert(fast), fast, "{hand}");
        assert_eq!(hcf::longest_straight_flush(hand), reference::hcf_longest_straight_flush(&cards) as u32, "{hand}");
    }
    let ranks: Vec<hcf::HcfRank> = map.values().copied().collect();
    assert!(ranks.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn pai_gow_extras_agree() {
    let mut rng = Rng(0x5eed_0003);
    let deck = Deck::with_joker();
    let rich: Vec<Card> = deck
        .cards()
        .iter()
        .copied()
        .filter(|c| c.is_joker() || c.suit().map(|s| s.0) == Some(2) || matches!(c.rank().map(|r| r.0), Some(4 | 10 | 11 | 12)))
        .collect();
    let pg = Evaluator::get(Ranking::PaiGow);
    for i in 0..40_000 {
        let hand = rng.hand(if i % 2 == 0 { deck.cards() } else { &rich[..] }, 7);
        let cards: [RefCard; 7] = to_ref(hand).try_into().unwrap();
        let slow = reference::pai_gow_seven_card_lines(&cards);
        let fast = paigow::seven_card_lines(hand);
        assert_eq!(
            (
                fast.seven_card_straight_flush_natural,
                fast.seven_card_straight_flush_with_joker,
                fast.royal_plus_royal_match,
                fast.five_aces,
                fast.five_of_a_kind,
                fast.three_pair
            ),
            (
                slow.seven_card_straight_flush_natural,
                slow.seven_card_straight_flush_with_joker,
                slow.royal_plus_royal_match,
                slow.five_aces,
                slow.five_of_a_kind,
                slow.three_pair
            ),
            "{hand}"
        );
        // Every split of the hand: low-hand order against the reference, and legality by
        // 688a.11(c) read directly off the reference values.
        for low in Subsets::new(&hand.iter().collect::<Vec<_>>(), 2) {
            let high = hand.minus(low);
            let (fast_low, slow_low) = (paigow::low_hand(low), reference::low_hand(&to_ref(low)));
            let low_pair = slow_low.category == reference::RefCategory::Pair;
            assert_eq!(fast_low.is_pair(), low_pair);
            let slow_high = reference::pai_gow(&to_ref(high));
            let legal = match slow_high.category {
                reference::RefCategory::HighCard => !low_pair && slow_high.tiebreak[..2] >= slow_low.tiebreak[..2],
                reference::RefCategory::Pair => !low_pair || slow_high.tiebreak[0] >= slow_low.tiebreak[0],
                _ => true,
            };
            assert_eq!(paigow::is_legal_split(pg.evaluate(high), fast_low), legal, "{high} / {low}");
        }
    }
}

#[test]
fn deuces_played_natural_agree() {
    let mut rng = Rng(0x5eed_0004);
    let deck = Deck::with_joker();
    for _ in 0..50_000 {
        let hand = rng.hand(deck.cards(), 5);
        let fast = dj::category_with_deuces_natural(hand).map(|c| c.name());
        let slow = reference::deuces_natural_category(&to_ref(hand)).map(|c| c.name());
        assert_eq!(fast, slow, "{hand}");
        // The same value, kickers included, with the deuces natural as with them wild.
        let wild = Evaluator::get(Ranking::DeucesJokerWild);
        let rank = wild.evaluate(hand);
        let fast_same = dj::value_with_deuces_natural(hand) == Some((wild.category(rank), wild.tiebreaks(rank)));
        let slow_same = slow.is_some() && reference::standard(&to_ref(hand)) == reference::deuces_joker_wild(&to_ref(hand));
        assert_eq!(fast_same, slow_same, "{hand}");
    }
}
