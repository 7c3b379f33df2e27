package bot_test

import "github.com/membot/membot/config"

type configT = config.Config
