//! Settling a wager defined in a file (`parsheet_define::Definition`) card by card.
//!
//! The exact counter (`parsheet_games::defined`) never sees a card: it walks suit lanes and
//! weights, with the poker conditions answered from rank counts and suit masks of the whole
//! hand. This reads the dealt cards as a dealer would, from docs/WAGERS.md: a poker condition
//! asks whether some five of the cards (three with the three-card ranking; all of them when
//! fewer are dealt), the wild cards given values one by one, *are* the hand named, with its main
//! rank where one is asked. The values tried for wild cards are every rank (and, for the hands
//! that ask a suit, the suit of the natural cards beside them); the bug joker is an ace, or any
//! card where the hand is a straight, a flush or a straight flush.

use parsheet_define::{Alike, Between, Condition, Definition, Hand, Joker, Ranking, Rules};
use parsheet_reference::RefCard;

const ACE: u8 = 12;

/// A definition under one reading, ready to settle hands.
pub struct DefinedRules {
    pub rules: Rules,
    /// The outcomes' ids and conditions, in order.
    pub outcomes: Vec<(String, Condition)>,
    pub cards: usize,
    /// The shoe: `decks` copies of the 52 cards, then the jokers.
    pub shoe: Vec<RefCard>,
}

impl DefinedRules {
    pub fn new(definition: &Definition, reading: Option<&str>) -> Result<DefinedRules, String> {
        let (rules, outcomes) = definition.read(reading)?;
        let d = &definition.deal;
        let mut shoe: Vec<RefCard> = (0..d.decks).flat_map(|_| parsheet_reference::deck(false)).collect();
        shoe.extend((0..d.jokers).map(|_| RefCard::Joker));
        Ok(DefinedRules { rules, outcomes: outcomes.into_iter().map(|o| (o.id, o.when)).collect(), cards: d.cards as usize, shoe })
    }

    /// The index of the first outcome `hand` meets, or `outcomes.len()` (other).
    pub fn settle(&self, hand: &[RefCard]) -> usize {
        self.outcomes.iter().position(|(_, c)| meets(c, hand, self.rules)).unwrap_or(self.outcomes.len())
    }
}

/// What a card is under `rules`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Natural(u8, u8),
    /// Any card.
    Wild,
    /// The bug joker.
    Bug,
}

fn role(c: RefCard, rules: Rules) -> Role {
    match c {
        RefCard::Joker if rules.joker == Joker::Wild => Role::Wild,
        RefCard::Joker => Role::Bug,
        RefCard::Natural { rank: 0, .. } if rules.deuces_wild => Role::Wild,
        RefCard::Natural { rank, suit } => Role::Natural(rank, suit),
    }
}

fn meets(c: &Condition, hand: &[RefCard], deal_rules: Rules) -> bool {
    let in_range = |b: &Between, n: usize| b.holds(n as u32);
    match c {
        Condition::All(cs) => cs.iter().all(|c| meets(c, hand, deal_rules)),
        Condition::Any(cs) => cs.iter().any(|c| meets(c, hand, deal_rules)),
        Condition::Not(c) => !meets(c, hand, deal_rules),
        Condition::Forms { hand: h, ranking, ranks, rules } => can_form(hand, rules.apply(deal_rules), *h, *ranking, *ranks),
        Condition::LongestFlush(b) => in_range(b, longest(hand, deal_rules, false)),
        Condition::LongestStraightFlush { length, rules } => in_range(length, longest(hand, rules.apply(deal_rules), true)),
        Condition::Jokers(b) => in_range(b, hand.iter().filter(|c| c.is_joker()).count()),
        Condition::Wilds { count, rules } => {
            let r = rules.apply(deal_rules);
            in_range(count, hand.iter().filter(|&&c| !matches!(role(c, r), Role::Natural(..))).count())
        }
        Condition::Holds(ranks) => ranks.iter().all(|&r| hand.iter().any(|c| c.rank() == Some(r))),
        Condition::RankCount { rank, count } => in_range(count, hand.iter().filter(|c| c.rank() == Some(*rank)).count()),
        Condition::Pairs(b) => {
            let bug = deal_rules.joker == Joker::Bug;
            let held = |r: u8| hand.iter().filter(|c| c.rank() == Some(r) || (bug && r == ACE && c.is_joker())).count();
            in_range(b, (0..13).filter(|&r| held(r) >= 2).count())
        }
        Condition::Suited(groups) => suited(hand, deal_rules, groups),
        Condition::Same(a) => {
            let first = hand[0];
            !hand.iter().any(|c| c.is_joker())
                && hand.iter().all(|c| match a {
                    Alike::Rank => c.rank() == first.rank(),
                    Alike::Suit => c.suit() == first.suit(),
                    Alike::Colour => c.suit().map(colour) == first.suit().map(colour),
                })
        }
        Condition::SameValue(rules) => best_value(hand, deal_rules) == best_value(hand, rules.apply(deal_rules)),
        Condition::Sum { values, joker, modulo, sums } => {
            let total: u64 = hand.iter().map(|c| c.rank().map_or(*joker, |r| values[r as usize]) as u64).sum();
            let total = modulo.map_or(total, |m| total % m as u64);
            sums.iter().any(|b| total <= u32::MAX as u64 && b.holds(total as u32))
        }
    }
}

/// Clubs (0) and spades (3) black, diamonds (1) and hearts (2) red.
fn colour(suit: u8) -> bool {
    suit == 1 || suit == 2
}

/// The most cards of one suit (`straight`: in one run of consecutive ranks of one suit), wild
/// cards and the bug joker filling in, at most the cards dealt.
fn longest(hand: &[RefCard], rules: Rules, straight: bool) -> usize {
    let roles: Vec<Role> = hand.iter().map(|&c| role(c, rules)).collect();
    let fillers = roles.iter().filter(|r| !matches!(r, Role::Natural(..))).count();
    let mut best = 0;
    for suit in 0..4u8 {
        let mine: Vec<u8> = roles.iter().filter_map(|r| match *r {
            Role::Natural(rank, s) if s == suit => Some(rank),
            _ => None,
        }).collect();
        if !straight {
            best = best.max(mine.len() + fillers);
            continue;
        }
        // Positions: 0 the ace played low (where it may), 1..=12 deuce to king, 13 the ace.
        let at = |p: usize| mine.iter().any(|&r| if p == 0 { r == ACE } else { r as usize + 1 == p });
        let first = if rules.ace_low { 0 } else { 1 };
        for start in first..=13 {
            for end in start..=13 {
                let missing = (start..=end).filter(|&p| !at(p)).count();
                if missing <= fillers {
                    best = best.max(end - start + 1);
                }
            }
        }
        // Fillers alone are a run of their own length.
        best = best.max(fillers);
    }
    best.min(hand.len())
}

/// Each group's ranks in a suit of its own, a group marked `filled` taking fillers (wild cards
/// and the bug joker, each once) for ranks its suit lacks; a wild deuce is a filler only.
fn suited(hand: &[RefCard], rules: Rules, groups: &[parsheet_define::SuitGroup]) -> bool {
    let roles: Vec<Role> = hand.iter().map(|&c| role(c, rules)).collect();
    let fillers = roles.iter().filter(|r| !matches!(r, Role::Natural(..))).count();
    let has = |rank: u8, suit: u8| roles.contains(&Role::Natural(rank, suit));
    fn assign(groups: &[parsheet_define::SuitGroup], used: [bool; 4], left: usize, has: &dyn Fn(u8, u8) -> bool) -> bool {
        let Some((g, rest)) = groups.split_first() else { return true };
        (0..4u8).any(|s| {
            if used[s as usize] {
                return false;
            }
            let missing = g.ranks.iter().filter(|&&r| !has(r, s)).count();
            let allowed = if g.filled { left } else { 0 };
            let mut now = used;
            now[s as usize] = true;
            missing <= allowed && assign(rest, now, left - missing, has)
        })
    }
    assign(groups, [false; 4], fillers, &has)
}

/// Whether some `size` of the cards (all of them when fewer), the wild cards valued one by one,
/// are `hand` with its main rank in `ranks`.
fn can_form(cards: &[RefCard], rules: Rules, hand: Hand, ranking: Ranking, ranks: Option<Between>) -> bool {
    let roles: Vec<Role> = cards.iter().map(|&c| role(c, rules)).collect();
    if hand == Hand::FiveWilds {
        return roles.iter().filter(|r| **r == Role::Wild).count() >= 5;
    }
    if hand == Hand::HighCard {
        return true;
    }
    let size = if ranking == Ranking::ThreeCard { 3 } else { 5 };
    let take = size.min(roles.len());
    let mut picked = Vec::with_capacity(take);
    subsets(&roles, take, 0, &mut picked, &mut |five| is_hand(five, rules, hand, ranking, ranks, size))
}

/// Calls `f` on every `take` of `all` until it answers true.
fn subsets(all: &[Role], take: usize, from: usize, picked: &mut Vec<Role>, f: &mut dyn FnMut(&[Role]) -> bool) -> bool {
    if picked.len() == take {
        return f(picked);
    }
    for i in from..all.len() {
        if all.len() - i < take - picked.len() {
            break;
        }
        picked.push(all[i]);
        let found = subsets(all, take, i + 1, picked, f);
        picked.pop();
        if found {
            return true;
        }
    }
    false
}

/// Whether these cards, the wild cards and the bug joker given values, are `hand`.
fn is_hand(cards: &[Role], rules: Rules, hand: Hand, ranking: Ranking, ranks: Option<Between>, size: usize) -> bool {
    let naturals: Vec<(u8, u8)> = cards.iter().filter_map(|r| if let Role::Natural(rank, suit) = *r { Some((rank, suit)) } else { None }).collect();
    let wild = cards.iter().filter(|r| **r == Role::Wild).count();
    let bug = cards.iter().filter(|r| **r == Role::Bug).count();
    let main_ok = |r: u8| ranks.is_none_or(|b| b.holds(r as u32));
    let suited_hand = matches!(hand, Hand::Flush | Hand::StraightFlush | Hand::RoyalFlush);
    let straight_hand = matches!(hand, Hand::Straight | Hand::StraightFlush | Hand::RoyalFlush);
    if suited_hand || straight_hand {
        if cards.len() < size {
            return false;
        }
        if suited_hand && naturals.windows(2).any(|w| w[0].1 != w[1].1) {
            return false;
        }
        // Every filler (the bug joker too) takes any rank: try them all.
        let mut values: Vec<u8> = naturals.iter().map(|n| n.0).collect();
        return ranks_of_fillers(wild + bug, 0, &mut values, &mut |all| {
            if !straight_hand {
                return true;
            }
            match straight_top(all, rules.ace_low, size) {
                Some(top) => match hand {
                    Hand::RoyalFlush => ranking == Ranking::Poker && top == ACE,
                    _ => main_ok(top),
                },
                None => false,
            }
        });
    }
    // Hands of ranks alone: the bug joker is an ace, a wild card any rank.
    let mut values: Vec<u8> = naturals.iter().map(|n| n.0).collect();
    values.extend(std::iter::repeat_n(ACE, bug));
    ranks_of_fillers(wild, 0, &mut values, &mut |all| {
        let mut count = [0usize; 13];
        for &r in all {
            count[r as usize] += 1;
        }
        let of_a_kind = |k: usize| (0..13u8).any(|r| count[r as usize] >= k && main_ok(r));
        match hand {
            Hand::Pair => of_a_kind(2),
            Hand::ThreeOfAKind => of_a_kind(3),
            Hand::FourOfAKind => of_a_kind(4),
            Hand::FiveOfAKind => of_a_kind(5),
            Hand::TwoPair => (0..13u8).any(|hi| count[hi as usize] >= 2 && main_ok(hi) && (0..hi).any(|lo| count[lo as usize] >= 2)),
            Hand::FullHouse => (0..13u8).any(|t| count[t as usize] >= 3 && main_ok(t) && (0..13u8).any(|p| p != t && count[p as usize] >= 2)),
            _ => unreachable!("a hand of ranks"),
        }
    })
}

/// The best poker hand some five of the cards (all of them when fewer) are, the wild cards valued
/// one by one: its place in [`Hand::ALL`] (lower is better) and the ranks of the cards played,
/// most significant first, of the best valuing. A straight is ranked by its top card, the wheel
/// five-high; other hands by their cards grouped (most of a rank first, higher rank first).
fn best_value(cards: &[RefCard], rules: Rules) -> (std::cmp::Reverse<usize>, Vec<u8>) {
    let roles: Vec<Role> = cards.iter().map(|&c| role(c, rules)).collect();
    let take = 5.min(roles.len());
    let mut best = (std::cmp::Reverse(Hand::ALL.len()), vec![]);
    let mut picked = Vec::with_capacity(take);
    subsets(&roles, take, 0, &mut picked, &mut |five| {
        let place = Hand::ALL
            .iter()
            .position(|&h| match h {
                Hand::FiveWilds => five.iter().filter(|r| **r == Role::Wild).count() >= 5,
                Hand::HighCard => true,
                h => is_hand(five, rules, h, Ranking::Poker, None, 5),
            })
            .unwrap_or(Hand::ALL.len() - 1);
        let v = (std::cmp::Reverse(place), ranks_played(five, rules, Hand::ALL[place]));
        best = best.clone().max(v);
        false
    });
    best
}

/// The ranks played in the best valuing of these cards as `hand` (which they are).
fn ranks_played(cards: &[Role], rules: Rules, hand: Hand) -> Vec<u8> {
    let naturals: Vec<u8> = cards.iter().filter_map(|r| if let Role::Natural(rank, _) = *r { Some(rank) } else { None }).collect();
    let wild = cards.iter().filter(|r| **r == Role::Wild).count();
    let bug = cards.iter().filter(|r| **r == Role::Bug).count();
    let mut best: Vec<u8> = vec![];
    match hand {
        Hand::FiveWilds | Hand::RoyalFlush => {}
        Hand::Straight | Hand::StraightFlush | Hand::Flush => {
            // Every filler any rank; a flush or straight holds five different ranks (one deck).
            let mut values = naturals.clone();
            ranks_of_fillers(wild + bug, 0, &mut values, &mut |all| {
                let mut sorted = all.to_vec();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                if sorted.windows(2).any(|w| w[0] == w[1]) {
                    return false;
                }
                let played = if hand == Hand::Flush { Some(sorted) } else { straight_top(all, rules.ace_low, 5).map(|t| vec![t]) };
                if let Some(p) = played {
                    best = best.clone().max(p);
                }
                false
            });
        }
        _ => {
            let mut values = naturals.clone();
            values.extend(std::iter::repeat_n(ACE, bug));
            ranks_of_fillers(wild, 0, &mut values, &mut |all| {
                let mut count = [0usize; 13];
                for &r in all {
                    count[r as usize] += 1;
                }
                let mut groups: Vec<(usize, u8)> = (0..13u8).filter(|&r| count[r as usize] > 0).map(|r| (count[r as usize], r)).collect();
                groups.sort_unstable_by(|a, b| b.cmp(a));
                let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
                let is = match hand {
                    Hand::FiveOfAKind => shape[0] >= 5,
                    Hand::FourOfAKind => shape[0] == 4,
                    Hand::FullHouse => shape.len() >= 2 && shape[0] == 3 && shape[1] == 2,
                    Hand::ThreeOfAKind => shape[0] == 3 && shape.get(1).is_none_or(|&n| n == 1),
                    Hand::TwoPair => shape.len() >= 2 && shape[0] == 2 && shape[1] == 2,
                    Hand::Pair => shape[0] == 2 && shape.get(1).is_none_or(|&n| n == 1),
                    _ => shape[0] == 1,
                };
                if is {
                    let played = if hand == Hand::FiveOfAKind { vec![groups[0].1] } else { groups.iter().map(|g| g.1).collect() };
                    best = best.clone().max(played);
                }
                false
            });
        }
    }
    best
}

/// Calls `f` with `values` and `n` more ranks, every multiset of them (in rising order from
/// `from`), until it answers true.
fn ranks_of_fillers(n: usize, from: u8, values: &mut Vec<u8>, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    if n == 0 {
        return f(values);
    }
    for r in from..13 {
        values.push(r);
        let found = ranks_of_fillers(n - 1, r, values, f);
        values.pop();
        if found {
            return true;
        }
    }
    false
}

/// The top rank of a straight of these `size` ranks (all different, consecutive; A-2-3(-4-5)
/// with the ace low where it may play low, topped by its highest other card), or `None`.
fn straight_top(ranks: &[u8], ace_low: bool, size: usize) -> Option<u8> {
    let mut r = ranks.to_vec();
    r.sort_unstable();
    if r.len() != size || r.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    if r[size - 1] - r[0] == size as u8 - 1 {
        return Some(r[size - 1]);
    }
    // The wheel: the ace below the deuce.
    let low: Vec<u8> = (0..size as u8 - 1).collect();
    (ace_low && r[size - 1] == ACE && r[..size - 1] == low[..]).then_some(size as u8 - 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parsheet_define::RulesChange;
    use parsheet_reference::parse_cards;

    fn rules(joker: Joker, deuces_wild: bool) -> Rules {
        Rules { joker, deuces_wild, ace_low: true }
    }

    fn forms(cards: &str, r: Rules, hand: Hand, ranks: Option<Between>) -> bool {
        meets(&Condition::Forms { hand, ranking: Ranking::Poker, ranks, rules: RulesChange::default() }, &parse_cards(cards), r)
    }

    #[test]
    fn hands_read_card_by_card() {
        let plain = rules(Joker::Wild, false);
        let wild = rules(Joker::Wild, true);
        let bug = rules(Joker::Bug, false);
        assert!(forms("As Ks Qs Js Ts 3c 4d", plain, Hand::RoyalFlush, None));
        assert!(forms("As Ks Qs Js 2s", wild, Hand::RoyalFlush, None));
        assert!(!forms("As Ks Qs Js 2s", plain, Hand::RoyalFlush, None));
        assert!(forms("As 2c 3d 4h 5s", plain, Hand::Straight, Some(Between::exactly(3))), "the wheel is five-high");
        assert!(!forms("Ks Ac 2d 3h 4s", plain, Hand::Straight, None), "no straight turns the corner");
        assert!(forms("Jk Ac Ad 7h 7s", bug, Hand::FullHouse, Some(Between::exactly(ACE as u32))), "the bug joker is an ace");
        assert!(!forms("Jk Kc Kd 7h 7s", bug, Hand::FullHouse, None), "and only an ace, outside straights and flushes");
        assert!(forms("Jk 9c Tc Jc Qc", bug, Hand::StraightFlush, Some(Between::exactly(11))), "or it completes a straight flush");
        assert!(forms("7c 7d 7h 2s 2c", wild, Hand::FiveOfAKind, Some(Between::exactly(5))));
        assert!(forms("7c 7d 7h 2s 2c", wild, Hand::FourOfAKind, None), "five of a kind holds four");
        // Two identical cards of a shoe: a pair, and of one suit.
        assert!(forms("7c 7c 7c 7c 7c", plain, Hand::FiveOfAKind, None));
        assert!(forms("7c 7c 9c Jc Kc", plain, Hand::Flush, None));
        assert!(!forms("7c 7c 8c 9c Tc", plain, Hand::Straight, None));
    }

    #[test]
    fn the_other_conditions_read_the_cards() {
        let wild = rules(Joker::Wild, true);
        let cards = parse_cards("2c 2d Jk As Ks");
        let run = |n: u32| Condition::LongestStraightFlush { length: Between::exactly(n), rules: RulesChange::default() };
        assert!(meets(&run(5), &cards, wild), "A-K of spades and three fillers: five in a row");
        assert!(meets(&Condition::Pairs(Between::exactly(1)), &cards, wild), "two deuces are a pair, wild or not");
        assert!(meets(&Condition::Wilds { count: Between::exactly(3), rules: RulesChange::default() }, &cards, wild));
        let royal_and_kq = Condition::Suited(vec![parsheet_define::SuitGroup { ranks: vec![12, 11, 10, 9, 8], filled: true }, parsheet_define::SuitGroup { ranks: vec![11, 10], filled: false }]);
        assert!(meets(&royal_and_kq, &parse_cards("As Ks Jk Js Ts Kh Qh"), wild));
        assert!(!meets(&royal_and_kq, &parse_cards("As Ks Jk Js Ts Kh 3h"), wild), "without the queen of hearts");
        let deuce_group = Condition::Suited(vec![parsheet_define::SuitGroup { ranks: vec![0], filled: false }]);
        assert!(!meets(&deuce_group, &parse_cards("2c 5d"), wild), "a wild deuce is not the 2 of its suit");
        assert!(meets(&deuce_group, &parse_cards("2c 5d"), rules(Joker::Wild, false)));
        assert!(meets(&Condition::Same(Alike::Colour), &parse_cards("Ac Ks"), wild));
        assert!(!meets(&Condition::Same(Alike::Colour), &parse_cards("Ac Kd"), wild));
    }

    /// `same-value` against deuces played natural, DJ Wild's deal, the examples of docs/WAGERS.md
    /// and the rule-text audit's.
    #[test]
    fn same_value_compares_the_best_hands() {
        let dj = rules(Joker::Wild, true);
        let natural_deuces = Condition::SameValue(RulesChange { deuces_wild: Some(false), ..RulesChange::default() });
        let same = |cards: &str| meets(&natural_deuces, &parse_cards(cards), dj);
        assert!(!same("Kh 9h 7h 4h 2h"), "a flush either way, but the wild deuce plays as the ace of hearts");
        assert!(same("As 2c 3d 4h 5s"), "five-high either way: the deuce cannot reach a higher straight alone");
        assert!(same("Ah 2h 3h 4h 5h"), "a five-high straight flush either way");
        assert!(!same("2h 3h 4h 5h 6h"), "six-high natural, seven-high with the deuce wild");
        assert!(same("Ks Kh 7d 7c 3s"), "no deuce: the same cards");
        assert!(!same("Kc Kd 2h 5s 9c"), "a pair of kings natural, three kings wild");
        // Kickers count: trips of kings with a natural deuce kicker would be four kings wild.
        assert!(!same("Kc Kd Kh 2s 9c"));
        assert_eq!(best_value(&parse_cards("Kc Kd Kh 9s 4c"), dj), (std::cmp::Reverse(8), vec![11, 7, 2]));
    }
}
