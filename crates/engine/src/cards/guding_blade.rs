//! 古锭刀 Guding Blade — 武器, range 2 (军争).
//!
//! 锁定技，当你使用【杀】对目标角色造成伤害时，若其没有手牌，此伤害+1。
//! Compulsory: when your 杀 deals damage to a target with no hand cards, that damage is +1
//! ("when dealing damage", so it is part of what a chain passes on; chain damage itself is not
//! the 杀 dealing damage to a target and gets no bonus — `timing-rulings.md` D.25).

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::GudingBlade,
    [
        "古锭刀",
        "Guding Blade",
        "锁定技，当你使用【杀】对目标角色造成伤害时，若其没有手牌，此伤害+1。",
        "Compulsory: when your Slash deals damage to a target with no hand cards, the damage is +1.",
    ],
    Slot::Weapon,
    2,
    Some(SkillId::GudingBlade),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::GudingBlade,
        "古锭刀",
        "Guding Blade",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(d) = data else {
        return false;
    };
    d.source == Some(owner)
        && d.is_by_slash()
        && !d.prevented
        && !d.chained
        && game.hand(d.target).is_empty()
}

fn on_trigger(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.amount += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table160, Check};

    fn slashed(target_hand: &[CardKind]) -> Check {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[GudingBlade]);
        seat(&mut s, 1).hand = cards(target_hand);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn one_more_damage_to_a_target_without_hand_cards() {
        assert_eq!(slashed(&[]).hp(1), 2);
        assert_eq!(slashed(&[Peach]).hp(1), 3);
    }

    #[test]
    fn its_range_is_two() {
        let mut s = table160(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[GudingBlade]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[2]).is_some());
    }
}
