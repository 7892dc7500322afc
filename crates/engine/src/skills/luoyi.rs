//! 裸衣 Luoyi — 许褚.
//!
//! 摸牌阶段，你可以少摸一张牌；若如此做，本回合你使用【杀】或【决斗】造成的伤害+1。
//! In your draw phase you may draw one card fewer; if you do, for the rest of this turn, damage
//! dealt by a 杀 or 决斗 you use (you being the source) is +1.
//!
//! The choice is remembered as a turn mark; the bonus applies "when dealing damage" (造成伤害时),
//! before the target's own "when taking damage" effects.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-26`, `edition = 2008`): 出牌阶段，如果自己没装备武器牌，用杀攻击成功后
//! （不包括决斗），对方受到两点体力伤害。 No draw reduction and no question: in his play phase, with no
//! weapon equipped, damage from a 杀 he used is 2 (+1 when dealing it); a 决斗 is not a 杀.

use crate::action::Action;
use crate::card::CardKind;
use crate::card::Slot;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::DrawCount,
            can_trigger: can_draw_fewer,
            ask: Ask::Confirm,
            on_trigger: draw_fewer,
        },
        Trigger {
            timing: Timing::DealingDamage,
            can_trigger: can_add,
            ask: Ask::Never,
            on_trigger: add_one,
        },
    ],
    ..SkillDef::named(
        SkillId::Luoyi,
        "裸衣",
        "Luoyi",
        "摸牌阶段，你可以少摸一张牌；若如此做，本回合你使用【杀】或【决斗】造成的伤害+1。",
        "In your draw phase you may draw one card fewer; if you do, damage from your Slash or Duel is +1 this turn.",
    )
};

/// 裸衣 as the 2008 leaflet words it: unarmed, his 杀 deals 2 in his play phase.
pub static EARLY: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger: unarmed_slash,
        ask: Ask::Never,
        on_trigger: add_one,
    }],
    ..SkillDef::named(
        SkillId::LuoyiEarly,
        "裸衣",
        "Luoyi",
        "锁定技，出牌阶段，若你的装备区里没有武器牌，你使用的【杀】造成的伤害为2点（【决斗】除外）。",
        "Compulsory: in your play phase, with no weapon equipped, your Slash deals 2 damage (not a Duel).",
    )
};

/// Damage from a 杀 the owner used in its play phase, with no weapon equipped.
fn unarmed_slash(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    let used_by_owner = damage
        .use_id
        .is_some_and(|id| game.uses.get(id).is_some_and(|u| u.user == owner));
    game.turn.seat == owner
        && game.turn.phase == Some(crate::prompt::Phase::Play)
        && game.equipped(owner, Slot::Weapon).is_none()
        && damage.source == Some(owner)
        && !damage.prevented
        && damage
            .card
            .as_ref()
            .is_some_and(|c| c.kind == CardKind::Slash)
        && used_by_owner
}

fn can_draw_fewer(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, count } if *seat == owner && *count > 0)
}

fn draw_fewer(game: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Draw { count, .. } = data {
        *count -= 1;
        game.turn.set_mark(SkillId::Luoyi, 1);
    }
    None
}

/// Damage from a 杀 or 决斗 that the owner used, in the owner's turn with the mark set.
fn can_add(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    let used_by_owner = damage
        .use_id
        .is_some_and(|id| game.uses.get(id).is_some_and(|u| u.user == owner));
    game.turn.seat == owner
        && game.turn.mark(SkillId::Luoyi) > 0
        && damage.source == Some(owner)
        && !damage.prevented
        && damage
            .card
            .as_ref()
            .is_some_and(|c| matches!(c.kind, CardKind::Slash | CardKind::Duel))
        && used_by_owner
}

fn add_one(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(damage) = data {
        damage.amount += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// 许褚 (seat 0) in his draw phase with `hand`; seat 1 holds `other`.
    fn xuchu(hand: &[CardKind], other: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::Xuchu;
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 1).hand = cards(other);
        Check::new(s)
    }

    #[test]
    fn draws_one_fewer_and_his_slash_deals_two() {
        let mut c = xuchu(&[Slash], &[]);
        c.skill(0, SkillId::Luoyi);
        assert_eq!(c.hand(0).len(), 2);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 2);
    }

    #[test]
    fn his_duel_deals_two_whoever_would_lose() {
        let mut c = xuchu(&[Duel], &[]);
        c.skill(0, SkillId::Luoyi);
        c.card(0, Duel, &[1]).pass_windows().pass(1);
        assert_eq!(c.hp(1), 2);
    }

    #[test]
    fn no_bonus_when_he_loses_his_own_duel() {
        let mut c = xuchu(&[Duel], &[Slash]);
        c.skill(0, SkillId::Luoyi);
        c.card(0, Duel, &[1]).pass_windows().card(1, Slash, &[]);
        // 许褚 has no 杀 left to play (he drew one random card, so give up explicitly).
        while c.is_asked(0, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(0);
        }
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn declining_draws_two_and_no_bonus() {
        let mut c = xuchu(&[Slash], &[]);
        c.pass(0);
        assert_eq!(c.hand(0).len(), 3);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn the_mark_ends_with_the_turn() {
        let mut c = xuchu(&[], &[]);
        c.skill(0, SkillId::Luoyi);
        assert_eq!(c.game.turn().mark(SkillId::Luoyi), 1);
        c.pass(0);
        assert_eq!(c.game.turn().seat, crate::seat::Seat(1));
        assert_eq!(c.game.turn().mark(SkillId::Luoyi), 0);
    }

    /// V-EARLY-26: the 2008 许褚 draws two as usual; unarmed, his 杀 deals 2, his 决斗 1; with
    /// a weapon his 杀 deals 1.
    #[test]
    fn v_early_26_the_2008_luoyi_unarmed_slash_deals_two() {
        let early = |hand: &[CardKind], equip: &[CardKind]| {
            let mut s = table(&[Lord, Rebel]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            s.phase = Phase::Draw;
            seat(&mut s, 0).general = GeneralId::XuchuEarly;
            seat(&mut s, 0).hand = cards(hand);
            seat(&mut s, 0).equip = cards(equip);
            s.draw_pile_top = cards(&[Jink, Jink]);
            Check::new(s)
        };
        let mut c = early(&[Slash, Duel], &[]);
        assert_eq!(c.hand(0).len(), 4, "no question, two drawn");
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 2);
        c.card(0, Duel, &[1]).pass_windows().pass(1);
        assert_eq!(c.hp(1), 1);
        let mut c = early(&[Slash], &[QinggangSword]);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
