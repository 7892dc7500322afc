//! 三尖两刃刀 Triblade — 武器 of the 国战 deck, range 3 (`hegemony.md` H-CARD-SANJIAN).
//!
//! 每当你使用的【杀】对目标角色造成伤害后，若其存活，你可以弃置一张手牌并选择该角色距离为1的一名
//! 其他角色：你对后者造成1点伤害。
//! After a 杀 you used deals damage to its target (not chain damage, not damage moved to another,
//! 天香), if that target is alive you may discard a hand card and choose another character (not
//! you) at distance 1 from that target (its distance to the character): you deal it 1 damage, of
//! normal nature, caused by no card. Asked as one choice of a hand card and a character
//! (`Action::Skill` naming both) or pass.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Triblade,
    [
        "三尖两刃刀",
        "Triblade",
        "每当你使用的【杀】对目标角色造成伤害后，若其存活，你可以弃置一张手牌并选择该角色距离为1的一名其他角色：你对后者造成1点伤害。",
        "After a Slash you used deals damage to its target, if it is alive you may discard a hand card and choose another character at distance 1 from it: you deal 1 damage to that character.",
    ],
    Slot::Weapon,
    3,
    Some(SkillId::Triblade),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageDealt,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Triblade,
        "三尖两刃刀",
        "Triblade",
        DEF.text_zh,
        DEF.text_en,
    )
};

/// The characters the blade may strike after hurting `target`: every other living one at
/// distance 1 from it, not the wielder.
fn neighbours(game: &Game, owner: Seat, target: Seat) -> Vec<Seat> {
    game.order_from(target)
        .into_iter()
        .filter(|s| *s != target && *s != owner && game.distance(target, *s) == 1)
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    let target = damage.target;
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.chained
        && damage.use_id.is_some_and(|id| {
            game.uses
                .get(id)
                .is_some_and(|u| u.user == owner && u.targets.contains(&target))
        })
        && game.is_alive(target)
        && !game.hand(owner).is_empty()
        && !neighbours(game, owner, target).is_empty()
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let victims = neighbours(game, owner, damage.target);
    let mut actions = Vec::new();
    for card in game.hand(owner) {
        for victim in &victims {
            actions.push(Action::Skill {
                skill: SkillId::Triblade,
                cards: vec![*card],
                targets: vec![*victim],
            });
        }
    }
    if actions.is_empty() {
        return None;
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Triblade),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { cards, targets, .. } = action else {
        return None;
    };
    let (&[card], &[victim]) = (cards.as_slice(), targets.as_slice()) else {
        return None;
    };
    if !game.hand(owner).contains(&card) {
        return None;
    }
    game.discard(&[card]);
    Some(Frame::Damage(DamageFrame::new(Damage::new(
        Some(owner),
        victim,
        1,
    ))))
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, Side};
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    fn asked(c: &Check) -> bool {
        c.is_asked(0, |k| {
            *k == PromptKind::Choose {
                cause: Cause::Skill(SkillId::Triblade),
            }
        })
    }

    /// H-CARD-SANJIAN: after the 杀's damage, discard a hand card and deal 1 damage to a
    /// character at distance 1 from the target (not the wielder).
    #[test]
    fn h_card_sanjian_strikes_a_neighbour_of_the_target() {
        let mut s = heg_table(&[Side::Wu, Side::Wei, Side::Shu, Side::Qun]);
        seat(&mut s, 0).hand = cards(&[Slash, Jink]);
        seat(&mut s, 0).equip = vec![CardSpec::kind(Triblade)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(asked(&c));
        let offered = c.prompt(0).legal_actions(16);
        let jink = c.hand_card(0, Jink);
        let strike = |victim: u8| Action::Skill {
            skill: SkillId::Triblade,
            cards: vec![jink],
            targets: vec![Seat(victim)],
        };
        assert!(offered.contains(&strike(2)));
        assert!(!offered.contains(&strike(0)), "not the wielder");
        assert!(!offered.contains(&strike(3)), "distance 2 from the target");
        c.act(0, strike(2));
        assert_eq!(c.hp(2), 3);
        assert!(c.hand(0).is_empty());
        assert!(c.discard_pile().contains(&Jink));
        c.assert_conserved();
    }

    /// H-CARD-SANJIAN: no hand card, no strike.
    #[test]
    fn h_card_sanjian_needs_a_hand_card() {
        let mut s = heg_table(&[Side::Wu, Side::Wei, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = vec![CardSpec::kind(Triblade)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(!asked(&c));
    }
}
