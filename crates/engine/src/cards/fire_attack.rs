//! 火攻 Fire Attack — 普通锦囊 (军争).
//!
//! 出牌阶段，对一名有手牌的角色使用。目标角色展示一张手牌，然后你可以弃置一张与所展示牌花色相同
//! 的手牌，对其造成1点火焰伤害。
//! Use on a character with a hand card (yourself included, any distance): the target shows one
//! hand card of its choice to everyone; then you may discard a hand card of the same suit to
//! deal it 1 fire damage. You are always asked, whether or not you hold such a card, so the
//! question tells nobody what you hold.

use crate::action::Action;
use crate::card::{CardKind, Category, Nature, Suit, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::event::Known;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Damage, DamageFrame, EffectFrame, Frame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::FireAttack,
    name_zh: "火攻",
    name_en: "Fire Attack",
    text_zh: "出牌阶段，对一名有手牌的角色使用。目标角色展示一张手牌，然后你可以弃置一张与所展示牌花色相同的手牌，对其造成1点火焰伤害。",
    text_en: "Use on a character with hand cards: they show a hand card; you may discard a hand card of the same suit to deal them 1 fire damage.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(has_hand),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

const CAUSE: Cause = Cause::Card(CardKind::FireAttack);

fn has_hand(game: &Game, _: Seat, target: Seat, _: &UsedCard) -> bool {
    !game.hand(target).is_empty()
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    match frame.step {
        // The target chooses a hand card to show.
        0 => {
            let hand = game.hand(target).to_vec();
            if hand.is_empty() {
                return Step::Done;
            }
            frame.step = 1;
            Step::ask(Prompt::new(
                target,
                PromptKind::Show { cause: CAUSE },
                Choices::Cards {
                    from: hand,
                    min: 1,
                    max: 1,
                    can_pass: false,
                },
            ))
        }
        // It is shown; the user may discard a hand card of its suit.
        1 => {
            let hand = game.hand(target).to_vec();
            let shown = match game.take_answer() {
                Some((_, Action::Cards { cards })) => cards.first().copied(),
                _ => None,
            }
            .filter(|c| hand.contains(c))
            .or_else(|| hand.first().copied());
            let Some(shown) = shown else {
                return Step::Done;
            };
            game.show_cards(target, &[shown], Known::All);
            let suit = game.card(shown).suit;
            frame.n = suit as u8;
            frame.step = 2;
            if !game.is_alive(user) {
                return Step::Done;
            }
            let matching = game
                .hand(user)
                .iter()
                .copied()
                .filter(|c| game.card(*c).suit == suit)
                .collect();
            Step::ask(Prompt::new(
                user,
                PromptKind::Choose { cause: CAUSE },
                Choices::Cards {
                    from: matching,
                    min: 1,
                    max: 1,
                    can_pass: true,
                },
            ))
        }
        // Discarded: 1 fire damage.
        2 => {
            frame.step = 3;
            let suit = Suit::ALL.get(frame.n as usize).copied();
            let Some((_, Action::Cards { cards })) = game.take_answer() else {
                return Step::Done;
            };
            let paid = cards
                .first()
                .copied()
                .filter(|c| game.hand(user).contains(c) && Some(game.card(*c).suit) == suit);
            let Some(paid) = paid else {
                return Step::Done;
            };
            game.discard(&[paid]);
            Step::Again
        }
        3 => {
            frame.step = 4;
            if !game.is_alive(target) {
                return Step::Done;
            }
            let damage = Damage {
                nature: Nature::Fire,
                ..Damage::by_card(game, frame.use_id, Some(user), target)
            };
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::{Nature, Suit};
    use crate::event::Event;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{seat, table160, Check};

    /// Seat 0 holds 火攻 and `hand`; seat 1 holds the ♥9 闪 and shows it.
    fn shown(hand: Vec<CardSpec>) -> Check {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = [vec![CardSpec::kind(FireAttack)], hand].concat();
        seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Heart, 9)];
        let mut c = Check::new(s);
        c.card(0, FireAttack, &[1]).pass_windows();
        assert!(c.is_asked(1, |k| *k
            == PromptKind::Show {
                cause: Cause::Card(FireAttack)
            }));
        let jink = c.hand_card(1, Jink);
        c.act(1, Action::Cards { cards: vec![jink] });
        c
    }

    #[test]
    fn a_card_of_the_shown_suit_deals_one_fire_damage() {
        let mut c = shown(vec![CardSpec::exact(Jink, Suit::Heart, 8)]);
        let jink = c.game.hand(Seat(1))[0];
        // Everyone sees the shown card, spectators too; it stays in the target's hand.
        assert!(c.seen_by(None).iter().any(|e| matches!(
            e,
            Event::CardsShown { seat: Seat(1), cards, .. } if cards == &[Some(jink)]
        )));
        let mine = c.hand_card(0, Jink);
        c.act(0, Action::Cards { cards: vec![mine] });
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                nature: Nature::Fire,
                ..
            }
        )));
        assert_eq!(c.hand(1), vec![Jink]);
        c.assert_conserved();
    }

    #[test]
    fn the_user_is_asked_even_without_a_match_and_may_decline() {
        let mut c = shown(vec![CardSpec::exact(Slash, Suit::Spade, 7)]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Choose {
                cause: Cause::Card(FireAttack)
            }));
        let slash = c.hand_card(0, Slash);
        assert!(!c.allows(0, &Action::Cards { cards: vec![slash] }));
        c.pass(0);
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hand(0), vec![Slash]);
    }

    #[test]
    fn only_a_character_with_hand_cards_yourself_included() {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = vec![CardSpec::kind(FireAttack), CardSpec::kind(Jink)];
        let c = Check::new(s);
        assert!(c.find_card(0, FireAttack, &[1]).is_none());
        assert!(c.find_card(0, FireAttack, &[0]).is_some());
    }
}
