//! 随势 Suishi — 田丰 (国战, H-SK-suishi).
//!
//! 锁定技，当其他角色因受到伤害而进入濒死状态时，若伤害来源与你势力相同，你摸一张牌；当其他与你势力相同的角色死亡后，你失去1点体力。
//! Compulsory: when another character enters dying because of damage whose source is of your
//! faction, you draw 1. When another character of your faction dies, you lose 1 HP.
//!
//! "Of your faction" is [QHeg]'s `willBeFriendWith`: a hidden 田丰 is asked to reveal (H-REV-7)
//! when he would be of that faction once shown (`Game::will_be_friend`). The damage source may
//! be 田丰 himself. The dead character's faction is the one its death revealed (H-DEATH-1).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, LoseHpFrame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[
        Trigger {
            timing: Timing::Dying,
            can_trigger: friend_brought_down,
            ask: Ask::Never,
            on_trigger: draw,
        },
        Trigger {
            timing: Timing::Death,
            can_trigger: friend_died,
            ask: Ask::Never,
            on_trigger: lose,
        },
    ],
    ..SkillDef::named(
        SkillId::Suishi,
        "随势",
        "Suishi",
        "锁定技，当其他角色因受到伤害而进入濒死状态时，若伤害来源与你势力相同，你摸一张牌；当其他与你势力相同的角色死亡后，你失去1点体力。",
        "Compulsory: when another character enters dying from damage whose source is of your faction, you draw 1; when another character of your faction dies, you lose 1 HP.",
    )
};

fn friend_brought_down(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, killer: Some(source) }
        if *seat != owner && game.is_alive(owner) && game.will_be_friend(owner, *source))
}

fn draw(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

fn friend_died(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Death { seat, .. }
        if *seat != owner && game.is_alive(owner) && game.will_be_friend(owner, *seat))
}

fn lose(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::LoseHp(LoseHpFrame::new(owner, 1)))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::testing::{cards, seat, Check};

    /// Six seats. Seat 0 群 (吕布 + 貂蝉) kills seat 1 (at 1 HP) with a 杀; seat 1 is 群 too (华佗 +
    /// 袁绍) or 魏; seat 2 is 田丰 (群, shown; three 群 of six are no careerists).
    fn tianfeng(victim_of_my_faction: bool) -> Check {
        let victim = if victim_of_my_faction {
            (G::HegHuatuo, G::HegYuanshao, true, true)
        } else {
            (G::HegCaocao, G::HegXuchu, true, true)
        };
        let mut s = table(&[
            (G::HegLvbu, G::HegDiaochan, true, true),
            victim,
            (G::HegTianfeng, G::HegZhangjiao, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegZhouyu, G::HegHuanggai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        s.draw_pile_top = cards(&[Peach, Jink, Duel, ExNihilo, Slash, Slash]);
        Check::new(s)
    }

    fn no_jink(c: &mut Check) {
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
    }

    /// H-SK-suishi: a 群 source brings a 魏 character down: 田丰 draws 1 (it dies: no HP lost).
    #[test]
    fn h_sk_suishi_draws_when_a_friend_brings_another_down() {
        let mut c = tianfeng(false);
        let before = c.hand(2).len();
        c.card(0, Slash, &[1]);
        no_jink(&mut c);
        assert_eq!(c.hand(2).len(), before + 1, "drew for the dying");
        c.pass_saves();
        assert!(!c.alive(1));
        assert_eq!(c.hp(2), 3, "a 魏 death costs him nothing");
    }

    /// H-SK-suishi: a 群 character dies: 田丰 loses 1 HP (and draws, its killer being 群 too).
    #[test]
    fn h_sk_suishi_loses_hp_when_a_friend_dies() {
        let mut c = tianfeng(true);
        let before = c.hand(2).len();
        c.card(0, Slash, &[1]);
        no_jink(&mut c);
        c.pass_saves();
        assert!(!c.alive(1));
        assert_eq!(c.hand(2).len(), before + 1);
        assert_eq!(c.hp(2), 2);
    }
}
