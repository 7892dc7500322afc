//! 狂骨 Kuanggu — 魏延 [锁定技].
//!
//! 锁定技，每当你对距离1以内的一名角色造成1点伤害后，你回复1点体力。
//! Compulsory: after you deal damage to a character at distance 1 or less, you recover 1 HP for
//! each point of that damage.
//!
//! W-KUANGGU-1: the distance is the one at the moment the damage was applied, before HP changed
//! (so before a death reshapes the seating): `Damage::distance`. W-KUANGGU-2: recovery only while
//! wounded, never above max HP; damage to himself is at distance 0 and heals; chain damage counts
//! for each chained character by its own distance.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::DamageDealt,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Kuanggu,
        "狂骨",
        "Kuanggu",
        "锁定技，每当你对距离1以内的一名角色造成1点伤害后，你回复1点体力。",
        "Compulsory: after you deal damage to a character at distance 1 or less, you recover 1 HP for each point of that damage.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.source == Some(owner)
        && damage.distance.is_some_and(|d| d <= 1)
        && game.is_wounded(owner)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(damage) = data {
        game.recover(owner, damage.amount);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 魏延 (seat 0, `hp` of 4) slashes `target` of four seats; seat 2 is at distance 2.
    fn weiyan_slashes(hp: i8, target: u8, target_hp: i8) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist, Renegade]), "wind");
        seat(&mut s, 0).general = GeneralId::Weiyan;
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 0).hand = cards(&[Slash, Duel]);
        seat(&mut s, target).hp = Some(target_hp);
        Check::new(s)
    }

    #[test]
    fn w_kuanggu_1_heals_after_damage_at_distance_one() {
        let mut c = weiyan_slashes(2, 1, 4);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hp(0), 3);
    }

    #[test]
    fn w_kuanggu_1_not_beyond_distance_one() {
        // 决斗 reaches seat 2 at distance 2: no healing.
        let mut c = weiyan_slashes(2, 2, 4);
        c.card(0, Duel, &[2]).pass_windows().pass(2);
        assert_eq!(c.hp(2), 3);
        assert_eq!(c.hp(0), 2);
    }

    #[test]
    fn w_kuanggu_1_the_distance_is_taken_before_a_death() {
        // Seat 1 dies of the 杀; the distance that counts is the one when the damage was applied.
        let mut c = weiyan_slashes(2, 1, 1);
        c.card(0, Slash, &[1]).pass(1);
        // Nobody saves seat 1 (each seat asked for 桃 in turn from seat 0).
        for saver in 0..4 {
            c.pass(saver);
        }
        assert!(!c.alive(1));
        assert_eq!(c.hp(0), 3);
    }

    #[test]
    fn w_kuanggu_2_never_above_max_hp() {
        let mut c = weiyan_slashes(4, 1, 4);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(0), 4);
        assert!(!c
            .events
            .iter()
            .any(|e| matches!(e, crate::event::Event::SkillInvoked { .. })));
    }
}
