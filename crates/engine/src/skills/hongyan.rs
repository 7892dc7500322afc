//! 红颜 Hongyan — 小乔 [锁定技].
//!
//! 锁定技，你的黑桃牌均视为红桃牌。
//! Compulsory: your ♠ cards count as ♥.
//!
//! A filter (`Game::card`): every read of her hand and equipment cards, and of her judgment cards
//! (the one she judges, or a card 鬼才/鬼道 puts in its place), sees ♥ for ♠ — so red, the rank
//! and name unchanged (W-HONGYAN-1). The card itself is never rewritten: given away it is ♠ again
//! (W-HONGYAN-4). Hence 闪电 never hits her (W-HONGYAN-2), 乐不思蜀 fails on ♠ too and 八卦阵
//! succeeds on it (W-HONGYAN-3).

use crate::card::{Card, Suit};
use crate::def::skill::{SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    filter: Some(spade_as_heart),
    ..SkillDef::named(
        SkillId::Hongyan,
        "红颜",
        "Hongyan",
        "锁定技，你的黑桃牌均视为红桃牌。",
        "Compulsory: your Spade cards count as Hearts.",
    )
};

fn spade_as_heart(_: &Game, _: Seat, card: &mut Card) {
    if card.suit == Suit::Spade {
        card.suit = Suit::Heart;
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::{Color, Suit};
    use crate::ids::GeneralId;
    use crate::prompt::Phase;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 小乔 (seat 0) about to judge `judge`, the draw pile starting with a ♠7.
    fn xiaoqiao_judges(judge: crate::card::CardKind) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.phase = Phase::Judge;
        seat(&mut s, 0).general = GeneralId::Xiaoqiao;
        seat(&mut s, 0).judge = cards(&[judge]);
        s.draw_pile_top = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::kind(Jink),
            CardSpec::kind(Jink),
        ];
        let mut c = Check::new(s);
        c.pass_windows();
        c
    }

    #[test]
    fn w_hongyan_1_her_spades_are_red_hearts_and_keep_rank_and_name() {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 0).general = GeneralId::Xiaoqiao;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        let c = Check::new(s);
        let id = c.hand_card(0, Slash);
        let card = c.game.card(id);
        assert_eq!(
            (card.suit, card.rank, card.color()),
            (Suit::Heart, 7, Color::Red)
        );
        // Elsewhere it is as printed.
        assert_eq!(c.game.card_for(id, Seat(1)).suit, Suit::Spade);
    }

    #[test]
    fn w_hongyan_2_lightning_never_hits_her() {
        let c = xiaoqiao_judges(Lightning);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.judge_area(1), vec![Lightning], "moved on as a miss");
    }

    #[test]
    fn w_hongyan_3_indulgence_fails_on_a_spade() {
        let c = xiaoqiao_judges(Indulgence);
        assert!(c.prompt(0).is_play(), "no play phase skipped");
    }

    #[test]
    fn w_hongyan_4_a_spade_she_gives_away_is_a_spade_again() {
        // Seat 1 takes her ♠ card with 顺手牵羊.
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.current = Some(Seat(1));
        seat(&mut s, 0).general = GeneralId::Xiaoqiao;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Slash, Suit::Spade, 7)];
        seat(&mut s, 1).hand = cards(&[Snatch]);
        let mut c = Check::new(s);
        c.card(1, Snatch, &[0]).pass_windows();
        c.act(
            1,
            crate::action::Action::Pick {
                pick: crate::action::Pick::Hand { index: 0 },
            },
        );
        let id = c.hand_card(1, Slash);
        assert_eq!(c.game.card(id).suit, Suit::Spade);
    }

    #[test]
    fn w_hongyan_1_her_spade_pays_a_fire_attack_on_a_heart() {
        // 小乔 uses 火攻 on seat 1, who shows a ♥ card: her ♠7 counts as ♥ and pays it.
        let mut s = crate::testing::table160(&[Lord, Rebel]);
        s.ruleset.generals.push("wind".into());
        seat(&mut s, 0).general = GeneralId::Xiaoqiao;
        seat(&mut s, 0).hand = vec![
            CardSpec::kind(FireAttack),
            CardSpec::exact(Slash, Suit::Spade, 7),
        ];
        seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Heart, 9)];
        let mut c = Check::new(s);
        c.card(0, FireAttack, &[1]).pass_windows();
        let jink = c.hand_card(1, Jink);
        c.act(1, crate::action::Action::Cards { cards: vec![jink] });
        let spade = c.hand_card(0, Slash);
        c.act(0, crate::action::Action::Cards { cards: vec![spade] });
        assert_eq!(c.hp(1), 3);
    }
}
