package browsertest

import (
	"context"
	"fmt"

	"github.com/chromedp/chromedp"
)

// Viewport sizes for screenshots: a phone held upright and a laptop.
const (
	PhoneWidth, PhoneHeight     = 390, 844
	DesktopWidth, DesktopHeight = 1280, 800
)

// Screenshot renders the tab's current page at width×height CSS pixels
// (device scale 1) and returns the whole page, not only the visible
// part, as PNG bytes. The viewport stays at that size afterwards.
func Screenshot(ctx context.Context, width, height int) ([]byte, error) {
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(1))); err != nil {
		return nil, fmt.Errorf("set the viewport to %dx%d: %w", width, height, err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return nil, fmt.Errorf("screenshot at %dx%d: %w", width, height, err)
	}
	return png, nil
}

// Open navigates the tab to url and returns the HTTP status of the page
// it landed on (after redirects).
func Open(ctx context.Context, url string) (int64, error) {
	resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(url))
	if err != nil {
		return 0, fmt.Errorf("open %s: %w", url, err)
	}
	return resp.Status, nil
}

// ClickAndWait clicks the element sel selects (CSS) and waits for the
// page it leads to, returning that page's HTTP status.
func ClickAndWait(ctx context.Context, sel string) (int64, error) {
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(sel)))
	if err != nil {
		return 0, fmt.Errorf("click %s: %w", sel, err)
	}
	return resp.Status, nil
}

// SubmitAndWait submits the form sel selects (CSS) as its submit button
// would and waits for the page it leads to, returning its HTTP status.
func SubmitAndWait(ctx context.Context, sel string) (int64, error) {
	resp, err := chromedp.RunResponse(ctx, chromedp.Submit(chromedp.CSS(sel)))
	if err != nil {
		return 0, fmt.Errorf("submit %s: %w", sel, err)
	}
	return resp.Status, nil
}
