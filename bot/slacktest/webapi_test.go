package slacktest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newAPI(s *Server) *slack.Client {
	return slack.New(s.Config().BotToken, slack.OptionAPIURL(s.APIURL()), slack.OptionAppLevelToken(s.Config().AppToken))
}

func TestAPIURLAndDefaults(t *testing.T) {
	s := newServer(t, Config{})
	assert.Regexp(t, `^http://127\.0\.0\.1:\d+/api/$`, s.APIURL())
	cfg := s.Config()
	assert.Equal(t, "xapp-fake-app-token", cfg.AppToken)
	assert.Equal(t, "xoxb-fake-bot-token", cfg.BotToken)
	assert.Equal(t, "T0FAKE", cfg.TeamID)
	assert.Equal(t, "U0BOT", cfg.BotUserID)
	assert.Equal(t, "B0BOT", cfg.BotID)
	assert.Equal(t, "A0FAKE", cfg.AppID)
	assert.Equal(t, 5*time.Second, cfg.PingInterval)
	assert.NotNil(t, cfg.Logger)
}

func TestAuthTest(t *testing.T) {
	s := newServer(t, Config{})
	r, err := newAPI(s).AuthTestContext(ctxFor(t))
	require.NoError(t, err)
	assert.Equal(t, "T0FAKE", r.TeamID)
	assert.Equal(t, "U0BOT", r.UserID)
	assert.Equal(t, "B0BOT", r.BotID)
	assert.Equal(t, "https://fake.slack.test/", r.URL)
	assert.Equal(t, "babyhandoff", r.User)
}

func TestWrongTokenIsInvalidAuth(t *testing.T) {
	s := newServer(t, Config{})
	for name, token := range map[string]string{"wrong": "xoxb-wrong", "app token": s.Config().AppToken} {
		t.Run(name, func(t *testing.T) {
			api := slack.New(token, slack.OptionAPIURL(s.APIURL()))
			_, err := api.AuthTestContext(ctxFor(t))
			assert.EqualError(t, err, "invalid_auth")
			_, _, err = api.PostMessageContext(ctxFor(t), "C1", slack.MsgOptionText("x", false))
			assert.EqualError(t, err, "invalid_auth")
			_, err = api.PublishViewContext(ctxFor(t), slack.PublishViewContextRequest{UserID: "U1", View: slack.HomeTabViewRequest{Type: slack.VTHomeTab}})
			assert.EqualError(t, err, "invalid_auth")
		})
	}
	assert.Empty(t, s.Messages("C1"))
}

func TestUnknownMethod(t *testing.T) {
	s := newServer(t, Config{})
	resp, err := http.PostForm(s.APIURL()+"chat.teleport", url.Values{"token": {s.Config().BotToken}})
	require.NoError(t, err)
	defer resp.Body.Close()
	var body map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	assert.Equal(t, map[string]any{"ok": false, "error": "unknown_method"}, body)
	assert.Len(t, s.Calls("chat.teleport"), 1)
}

func TestMessageRoundTrip(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)
	button := slack.NewActionBlock("acts", slack.NewButtonBlockElement("note_undo", "n1", slack.NewTextBlockObject(slack.PlainTextType, "Undo", false, false)))

	ch, ts, err := api.PostMessageContext(ctx, "C1", slack.MsgOptionText("first", false), slack.MsgOptionTS("1700000000.000100"), slack.MsgOptionBlocks(button))
	require.NoError(t, err)
	assert.Equal(t, "C1", ch)
	assert.Regexp(t, `^\d{10}\.\d{6}$`, ts)
	_, ts2, err := api.PostMessageContext(ctx, "C1", slack.MsgOptionText("second", false))
	require.NoError(t, err)
	assert.Greater(t, ts2, ts, "timestamps increase")

	call, err := s.WaitCall(ctx, "chat.postMessage", func(c Call) bool { return c.Form.Get("thread_ts") == "1700000000.000100" })
	require.NoError(t, err)
	assert.Equal(t, "first", call.Form.Get("text"))
	assert.Equal(t, s.Config().BotToken, call.Token)

	m, ok := s.Message("C1", ts)
	require.True(t, ok)
	assert.Equal(t, Message{Channel: "C1", TS: ts, ThreadTS: "1700000000.000100", Text: "first", User: "U0BOT", BotID: "B0BOT", Blocks: m.Blocks}, m)
	assert.Contains(t, string(m.Blocks), `"note_undo"`)

	_, _, _, err = api.UpdateMessageContext(ctx, "C1", ts, slack.MsgOptionText("first, edited", false))
	require.NoError(t, err)
	updated, err := s.WaitMessage(ctx, func(m Message) bool { return m.TS == ts && m.Updated == 1 })
	require.NoError(t, err)
	assert.Equal(t, "first, edited", updated.Text)
	assert.Equal(t, m.Blocks, updated.Blocks, "blocks not sent are kept")
	// The first state is still what WaitMessage finds for the original post.
	orig, err := s.WaitMessage(ctx, func(m Message) bool { return m.TS == ts })
	require.NoError(t, err)
	assert.Equal(t, "first", orig.Text)

	_, _, _, err = api.UpdateMessageContext(ctx, "C1", "1.000000", slack.MsgOptionText("x", false))
	assert.EqualError(t, err, "message_not_found")

	link, err := api.GetPermalinkContext(ctx, &slack.PermalinkParameters{Channel: "C1", Ts: "1700000007.000100"})
	require.NoError(t, err)
	assert.Equal(t, "https://fake.slack.test/archives/C1/p1700000007000100", link)

	ets, err := api.PostEphemeralContext(ctx, "C1", "U9", slack.MsgOptionText("only you", false))
	require.NoError(t, err)
	eph, err := s.WaitMessage(ctx, func(m Message) bool { return m.Ephemeral && m.EphemeralUser == "U9" })
	require.NoError(t, err)
	assert.Equal(t, ets, eph.TS)
	assert.Equal(t, "only you", eph.Text)

	_, _, err = api.DeleteMessageContext(ctx, "C1", ts2)
	require.NoError(t, err)

	msgs := s.Messages("C1")
	require.Len(t, msgs, 3)
	assert.Equal(t, []string{ts, ts2, ets}, []string{msgs[0].TS, msgs[1].TS, msgs[2].TS})
	assert.Equal(t, "first, edited", msgs[0].Text)
	assert.True(t, msgs[1].Deleted)
	assert.True(t, msgs[2].Ephemeral)
}

func TestPostToAUserLandsInTheDM(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ch, ts, err := api.PostMessageContext(ctxFor(t), "U1", slack.MsgOptionText("hi", false))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(ch, "D"), ch)
	_, _, _, err = api.UpdateMessageContext(ctxFor(t), ch, ts, slack.MsgOptionText("hi again", false))
	require.NoError(t, err)
	require.Len(t, s.Messages("U1"), 1)
	assert.Equal(t, s.Messages(ch), s.Messages("U1"))
	opened, _, _, err := api.OpenConversationContext(ctxFor(t), &slack.OpenConversationParameters{Users: []string{"U1"}})
	require.NoError(t, err)
	assert.Equal(t, ch, opened.ID)
}

func TestMessageContentRules(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	tests := []struct {
		name string
		opts []slack.MsgOption
		err  string
	}{
		{"no text nor blocks", nil, "no_text"},
		{"blocks without text", []slack.MsgOption{slack.MsgOptionBlocks(slack.NewDividerBlock())}, ""},
		{"text at the cap", []slack.MsgOption{slack.MsgOptionText(strings.Repeat("é", 40000), false)}, ""},
		{"text over the cap", []slack.MsgOption{slack.MsgOptionText(strings.Repeat("a", 40001), false)}, "msg_too_long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := api.PostMessageContext(ctxFor(t), "C1", tt.opts...)
			if tt.err == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tt.err)
			}
		})
	}
}

func TestInvalidBlocksAreRejectedLikeSlack(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	many := make([]slack.Block, 51)
	for i := range many {
		many[i] = slack.NewDividerBlock()
	}
	longButton := slack.NewActionBlock("", slack.NewButtonBlockElement("a", "v", slack.NewTextBlockObject(slack.PlainTextType, strings.Repeat("x", 76), false, false)))

	tests := []struct {
		name    string
		call    func() error
		code    string
		message string
	}{
		{"51 blocks", func() error {
			_, _, err := api.PostMessageContext(ctxFor(t), "C1", slack.MsgOptionBlocks(many...))
			return err
		}, "invalid_blocks", "[ERROR] must be less than 51 items [json-pointer:/blocks]"},
		{"76-char button on update", func() error {
			_, ts, err := api.PostMessageContext(ctxFor(t), "C1", slack.MsgOptionText("ok", false))
			require.NoError(t, err)
			_, _, _, err = api.UpdateMessageContext(ctxFor(t), "C1", ts, slack.MsgOptionBlocks(longButton))
			return err
		}, "invalid_blocks", "[ERROR] must be less than 76 characters [json-pointer:/blocks/0/elements/0/text/text]"},
		{"76-char button ephemeral", func() error {
			_, err := api.PostEphemeralContext(ctxFor(t), "C1", "U1", slack.MsgOptionBlocks(longButton))
			return err
		}, "invalid_blocks", "[ERROR] must be less than 76 characters [json-pointer:/blocks/0/elements/0/text/text]"},
		{"25-char modal title", func() error {
			_, err := api.OpenViewContext(ctxFor(t), "trigger", slack.ModalViewRequest{
				Type:   slack.VTModal,
				Title:  slack.NewTextBlockObject(slack.PlainTextType, strings.Repeat("t", 25), false, false),
				Blocks: slack.Blocks{BlockSet: []slack.Block{slack.NewDividerBlock()}},
			})
			return err
		}, "invalid_arguments", "[ERROR] must be less than 25 characters [json-pointer:/view/title/text]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			var se slack.SlackErrorResponse
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tt.code, se.Err)
			assert.Contains(t, se.ResponseMetadata.Messages, tt.message)
			if tt.code == "invalid_blocks" {
				require.NotEmpty(t, se.Errors)
				require.NotNil(t, se.Errors[0].Message)
				assert.Equal(t, strings.TrimPrefix(tt.message, "[ERROR] "), *se.Errors[0].Message)
			}
		})
	}
	for _, m := range s.Messages("C1") {
		assert.Equal(t, 0, m.Updated, "rejected updates change nothing")
	}
	assert.Empty(t, s.Views())
}

func TestFailNext(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	tests := []struct {
		name  string
		f     Failure
		check func(t *testing.T, err error)
	}{
		{"rate limited", Failure{Status: 429, RetryAfter: 7}, func(t *testing.T, err error) {
			var rl *slack.RateLimitedError
			require.ErrorAs(t, err, &rl)
			assert.Equal(t, 7*time.Second, rl.RetryAfter)
		}},
		{"server error", Failure{Status: 503}, func(t *testing.T, err error) {
			var sc slack.StatusCodeError
			require.ErrorAs(t, err, &sc)
			assert.Equal(t, 503, sc.Code)
		}},
		{"slack error", Failure{Error: "channel_not_found"}, func(t *testing.T, err error) {
			assert.EqualError(t, err, "channel_not_found")
		}},
		{"slow but fine", Failure{Delay: 20 * time.Millisecond}, func(t *testing.T, err error) {
			assert.NoError(t, err)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(s.Messages("C1"))
			s.FailNext("chat.postMessage", tt.f)
			_, _, err := api.PostMessageContext(ctxFor(t), "C1", slack.MsgOptionText("x", false))
			tt.check(t, err)
			if tt.f.Status == 0 && tt.f.Error == "" {
				assert.Len(t, s.Messages("C1"), before+1)
				return
			}
			assert.Len(t, s.Messages("C1"), before, "a faulted call changes nothing")
			_, _, err = api.PostMessageContext(ctxFor(t), "C1", slack.MsgOptionText("x", false))
			assert.NoError(t, err, "only the next call fails")
		})
	}
	assert.Len(t, s.Calls("chat.postMessage"), 7, "faulted calls are recorded too")
}

func TestUploadFile(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	content := "# Plan\nfeed at 3am\n"
	sum, err := api.UploadFileContext(ctxFor(t), slack.UploadFileParameters{
		Filename: "plan.md", Title: "Tonight", Content: content, FileSize: len(content),
		Channel: "C1", ThreadTimestamp: "1700000000.000100", InitialComment: "here",
	})
	require.NoError(t, err)
	assert.Equal(t, "Tonight", sum.Title)
	files := s.Files()
	require.Len(t, files, 1)
	f := files[0]
	assert.Equal(t, sum.ID, f.ID)
	assert.Equal(t, "plan.md", f.Name)
	assert.Equal(t, []byte(content), f.Content)
	assert.True(t, f.Completed)
	assert.Equal(t, "C1", f.Channel)
	assert.Equal(t, "1700000000.000100", f.ThreadTS)
	assert.Equal(t, "here", f.InitialComment)

	// Forget keeps the file's name and place, not its bytes.
	s.Forget()
	files = s.Files()
	require.Len(t, files, 1)
	assert.Empty(t, files[0].Content)
	assert.Equal(t, "plan.md", files[0].Name)
	assert.True(t, files[0].Completed)

	// An id never uploaded is not found.
	_, err = api.CompleteUploadExternalContext(ctxFor(t), slack.CompleteUploadExternalParameters{Files: []slack.FileSummary{{ID: "F404"}}, Channel: "C1"})
	assert.EqualError(t, err, "file_not_found")
	u, err := api.GetUploadURLExternalContext(ctxFor(t), slack.GetUploadURLExternalParameters{FileName: "a.txt", FileSize: 3})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(u.UploadURL, strings.TrimSuffix(s.APIURL(), "api/")), "same host and port as the API")
	_, err = api.CompleteUploadExternalContext(ctxFor(t), slack.CompleteUploadExternalParameters{Files: []slack.FileSummary{{ID: u.FileID}}, Channel: "C1"})
	assert.EqualError(t, err, "file_not_found", "not uploaded yet")

	// Raw bodies are accepted on the upload URL too.
	resp, err := http.Post(u.UploadURL, "application/octet-stream", strings.NewReader("abc"))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	_, err = api.CompleteUploadExternalContext(ctxFor(t), slack.CompleteUploadExternalParameters{Files: []slack.FileSummary{{ID: u.FileID}}})
	require.NoError(t, err)
	assert.Equal(t, []byte("abc"), s.Files()[1].Content)

	r, err := http.PostForm(s.APIURL()+"files.getUploadURLExternal", url.Values{"token": {s.Config().BotToken}, "filename": {"x"}, "length": {"0"}})
	require.NoError(t, err)
	defer r.Body.Close()
	var body map[string]any
	require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
	assert.Equal(t, false, body["ok"])
}

func TestViews(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)
	home := slack.HomeTabViewRequest{Type: slack.VTHomeTab, Blocks: slack.Blocks{BlockSet: []slack.Block{
		slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, "*Tonight*", false, false), nil, nil),
	}}}

	first, err := api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: "U1", View: home})
	require.NoError(t, err)
	assert.NotEmpty(t, first.View.Hash)
	assert.True(t, strings.HasPrefix(first.View.ID, "V"))
	require.Len(t, first.View.Blocks.BlockSet, 1, "the answer carries the view as published")
	assert.Equal(t, slack.VTHomeTab, first.View.Type)
	hash := first.View.Hash
	second, err := api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: "U1", View: home, Hash: &hash})
	require.NoError(t, err)
	assert.Equal(t, first.View.ID, second.View.ID, "a user's Home tab keeps its id")
	assert.NotEqual(t, hash, second.View.Hash)
	_, err = api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: "U1", View: home, Hash: &hash})
	assert.EqualError(t, err, "hash_conflict")
	hv, ok := s.HomeView("U1")
	require.True(t, ok)
	assert.Equal(t, second.View.Hash, hv.Hash)
	assert.Equal(t, "home", hv.Type)
	assert.Contains(t, string(hv.JSON), "*Tonight*")

	modal := slack.ModalViewRequest{
		Type: slack.VTModal, Title: slack.NewTextBlockObject(slack.PlainTextType, "Add note", false, false),
		Submit:     slack.NewTextBlockObject(slack.PlainTextType, "Save", false, false),
		CallbackID: "add_note",
		Blocks: slack.Blocks{BlockSet: []slack.Block{slack.NewInputBlock("note_text", slack.NewTextBlockObject(slack.PlainTextType, "Note", false, false), nil,
			slack.NewPlainTextInputBlockElement(nil, "text"))}},
	}
	opened, err := api.OpenViewContext(ctx, "123.456.abc", modal)
	require.NoError(t, err)
	assert.Equal(t, "add_note", opened.View.CallbackID)
	call, err := s.WaitCall(ctx, "views.open", nil)
	require.NoError(t, err)
	assert.Equal(t, "123.456.abc", call.JSON["trigger_id"])

	modal.Title = slack.NewTextBlockObject(slack.PlainTextType, "Saved", false, false)
	_, err = api.UpdateViewContext(ctx, modal, "", "stale", opened.View.ID)
	assert.EqualError(t, err, "hash_conflict")
	updated, err := api.UpdateViewContext(ctx, modal, "", opened.View.Hash, opened.View.ID)
	require.NoError(t, err)
	assert.Equal(t, "Saved", updated.View.Title.Text)
	_, err = api.UpdateViewContext(ctx, modal, "", "", "V404")
	assert.EqualError(t, err, "not_found")

	views := s.Views()
	require.Len(t, views, 2)
	assert.Equal(t, "123.456.abc", views[1].TriggerID)
	assert.Equal(t, updated.View.Hash, views[1].Hash)

	// A modal with input blocks needs a submit button.
	modal.Submit = nil
	_, err = api.OpenViewContext(ctx, "t2", modal)
	assert.EqualError(t, err, "invalid_arguments")
}

func TestUsersAndConversations(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)

	u, err := api.GetUserInfoContext(ctx, "U404")
	require.NoError(t, err)
	assert.Equal(t, "America/New_York", u.TZ)
	s.SetUser(User{ID: "U1", Name: "ana", RealName: "Ana", TZ: "Europe/Paris", TZOffset: 3600})
	u, err = api.GetUserInfoContext(ctx, "U1")
	require.NoError(t, err)
	assert.Equal(t, "ana", u.Name)
	assert.Equal(t, "Ana", u.RealName)
	assert.Equal(t, "Europe/Paris", u.TZ)
	assert.Equal(t, 3600, u.TZOffset)

	ch, err := api.GetConversationInfoContext(ctx, &slack.GetConversationInfoInput{ChannelID: "C404"})
	require.NoError(t, err)
	assert.Equal(t, "general", ch.Name)
	assert.True(t, ch.IsMember)
	s.SetChannel(Channel{ID: "C2", Name: "family", IsPrivate: true, IsMember: false})
	ch, err = api.GetConversationInfoContext(ctx, &slack.GetConversationInfoInput{ChannelID: "C2"})
	require.NoError(t, err)
	assert.Equal(t, "family", ch.Name)
	assert.True(t, ch.IsPrivate)
	assert.False(t, ch.IsMember)

	_, _, already, err := api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{"U7"}})
	require.NoError(t, err)
	assert.False(t, already)
	_, _, already, err = api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{"U7"}})
	require.NoError(t, err)
	assert.True(t, already)
}

// conversations.members pages through a channel's members as set; a
// channel nobody set up is not found.
func TestConversationsMembersPages(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	ctx := ctxFor(t)
	s.SetChannel(Channel{ID: "C1", Name: "family", IsMember: true, Members: []string{"U1", "U2", "U0BOT"}})
	var all []string
	cursor := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 3)
		got, next, err := api.GetUsersInConversationContext(ctx, &slack.GetUsersInConversationParameters{ChannelID: "C1", Limit: 2, Cursor: cursor})
		require.NoError(t, err)
		all = append(all, got...)
		if cursor = next; cursor == "" {
			break
		}
	}
	assert.Equal(t, []string{"U1", "U2", "U0BOT"}, all)
	_, _, err := api.GetUsersInConversationContext(ctx, &slack.GetUsersInConversationParameters{ChannelID: "C404"})
	require.ErrorContains(t, err, "channel_not_found")
}

func TestWaitCallSeesFutureCallsAndHonoursContext(t *testing.T) {
	s := newServer(t, Config{})
	api := newAPI(s)
	got := make(chan Call, 1)
	ctx := ctxFor(t)
	go func() {
		c, err := s.WaitCall(ctx, "auth.test", nil)
		if err == nil {
			got <- c
		}
		close(got)
	}()
	_, err := api.AuthTestContext(ctx)
	require.NoError(t, err)
	c, ok := <-got
	require.True(t, ok)
	assert.Equal(t, "auth.test", c.Method)

	short, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = s.WaitCall(short, "never.called", nil)
	assert.ErrorIs(t, err, context.Canceled)
}

// A message's metadata is kept with it; conversations.history is not
// served: the bot never reads a conversation's history (a distributed
// app may read one page a minute), and a test that tried would fail.
func TestMetadataIsKeptAndHistoryIsNotServed(t *testing.T) {
	s := newServer(t, Config{})
	api, ctx := newAPI(s), ctxFor(t)
	meta := slack.MsgOptionMetadata(slack.SlackMetadata{EventType: "kind", EventPayload: map[string]any{"key": "k1"}})
	_, first, err := api.PostMessageContext(ctx, "C1", slack.MsgOptionText("first", false), meta)
	require.NoError(t, err)
	_, _, err = api.PostMessageContext(ctx, "C1", slack.MsgOptionText("bad", false), slack.MsgOptionMetadata(slack.SlackMetadata{EventPayload: map[string]any{}}))
	assert.EqualError(t, err, "invalid_metadata_format")
	m, ok := s.Message("C1", first)
	require.True(t, ok)
	assert.Contains(t, string(m.Metadata), `"k1"`)

	_, err = api.GetConversationHistoryContext(ctx, &slack.GetConversationHistoryParameters{ChannelID: "C1"})
	assert.EqualError(t, err, "unknown_method")
}

// Every answer decodes strictly into slack-go's own types (unknown fields
// refused): the fake cannot answer in a shape the client does not read.
func TestAnswersAreSlackGosTypes(t *testing.T) {
	s := newServer(t, Config{})
	s.SetUser(User{ID: "U1", Name: "parent", TZ: "Europe/Paris", TZOffset: 3600})
	bot := s.Config().BotToken
	post := func(method string, form url.Values) []byte {
		t.Helper()
		if form == nil {
			form = url.Values{}
		}
		form.Set("token", bot)
		resp, err := http.PostForm(s.APIURL()+method, form)
		require.NoError(t, err)
		defer resp.Body.Close()
		var raw json.RawMessage
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&raw))
		return raw
	}
	strict := func(raw []byte, into any) {
		t.Helper()
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(into), "%s", raw)
	}
	type ok = slack.SlackResponse
	var posted struct {
		ok
		Channel string        `json:"channel"`
		TS      string        `json:"ts"`
		Message slack.Message `json:"message"`
	}
	strict(post("chat.postMessage", url.Values{"channel": {"D1"}, "text": {"hi"}, "blocks": {`[{"type":"divider"}]`},
		"metadata": {`{"event_type":"x","event_payload":{"key":"k"}}`}}), &posted)
	require.True(t, posted.Ok)
	assert.Equal(t, "hi", posted.Message.Text)
	assert.Equal(t, posted.TS, posted.Message.Timestamp)
	assert.Len(t, posted.Message.Blocks.BlockSet, 1, "the message as posted")
	assert.Nil(t, posted.Message.Edited)

	var updated struct {
		ok
		Channel string        `json:"channel"`
		TS      string        `json:"ts"`
		Text    string        `json:"text"`
		Message slack.Message `json:"message"`
	}
	strict(post("chat.update", url.Values{"channel": {"D1"}, "ts": {posted.TS}, "text": {"hello"}}), &updated)
	assert.Equal(t, "hello", updated.Text)
	assert.Equal(t, "hello", updated.Message.Text)
	assert.Len(t, updated.Message.Blocks.BlockSet, 1, "blocks not sent again are kept")
	assert.NotNil(t, updated.Message.Edited)
	var eph struct {
		ok
		TS string `json:"message_ts"`
	}
	strict(post("chat.postEphemeral", url.Values{"channel": {"D1"}, "user": {"U1"}, "text": {"psst"}}), &eph)
	var link struct {
		ok
		Channel   string `json:"channel"`
		Permalink string `json:"permalink"`
	}
	strict(post("chat.getPermalink", url.Values{"channel": {"D1"}, "message_ts": {posted.TS}}), &link)
	assert.NotEmpty(t, link.Permalink)

	var auth struct {
		ok
		slack.AuthTestResponse
	}
	strict(post("auth.test", nil), &auth)
	assert.Equal(t, "U0BOT", auth.UserID)
	var user struct {
		ok
		User slack.User `json:"user"`
	}
	strict(post("users.info", url.Values{"user": {"U1"}}), &user)
	assert.Equal(t, "Europe/Paris", user.User.TZ)
	var info struct {
		ok
		Channel slack.Channel `json:"channel"`
	}
	strict(post("conversations.info", url.Values{"channel": {"DU1"}}), &info)
	assert.Equal(t, "U1", info.Channel.User)
	var opened struct {
		ok
		NoOp        bool          `json:"no_op"`
		AlreadyOpen bool          `json:"already_open"`
		Channel     slack.Channel `json:"channel"`
	}
	strict(post("conversations.open", url.Values{"users": {"U1"}}), &opened)
	assert.Equal(t, "DU1", opened.Channel.ID)
	var upload slack.GetUploadURLExternalResponse
	strict(post("files.getUploadURLExternal", url.Values{"filename": {"a.md"}, "length": {"1"}}), &upload)
	resp, err := http.Post(upload.UploadURL, "text/plain", strings.NewReader("x"))
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	var done slack.CompleteUploadExternalResponse
	strict(post("files.completeUploadExternal", url.Values{"files": {`[{"id":"` + upload.FileID + `"}]`}, "channel_id": {"D1"}}), &done)
	require.Len(t, done.Files, 1)

	var view slack.ViewResponse
	strict(post("views.publish", url.Values{"user_id": {"U1"}, "view": {`{"type":"home","blocks":[{"type":"divider"}]}`}}), &view)
	assert.Equal(t, slack.VTHomeTab, view.View.Type)
	var conn struct {
		ok
		slack.SocketModeConnection
	}
	req, err := http.NewRequest(http.MethodPost, s.APIURL()+"apps.connections.open", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.Config().AppToken)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var raw json.RawMessage
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&raw))
	strict(raw, &conn)
	assert.NotEmpty(t, conn.URL)
}
