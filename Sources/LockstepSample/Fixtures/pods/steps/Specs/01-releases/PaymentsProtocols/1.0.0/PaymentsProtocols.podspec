Pod::Spec.new do |s|
  s.name          = 'PaymentsProtocols'
  s.version       = '1.0.0'
  s.summary       = 'What the shop asks of a payment service.'
  s.homepage      = 'https://git.example.com/ios/PaymentsProtocols'
  s.license       = { :type => 'MIT' }
  s.author        = { 'Shop Platform' => 'platform@example.com' }
  s.source        = { :git => 'https://git.example.com/ios/PaymentsProtocols.git', :tag => '1.0.0' }
  s.ios.deployment_target = '15.0'
  s.swift_version = '5.9'
  s.source_files  = 'Sources/PaymentsProtocols/**/*.swift'
end
