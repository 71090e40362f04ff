Pod::Spec.new do |s|
  s.name          = 'ShippingProtocols'
  s.version       = '1.0.0'
  s.summary       = 'What the shop asks of a shipping service (Objective-C).'
  s.homepage      = 'https://git.example.com/ios/ShippingProtocols'
  s.license       = { :type => 'MIT' }
  s.author        = { 'Shop Platform' => 'platform@example.com' }
  s.source        = { :git => 'https://git.example.com/ios/ShippingProtocols.git', :tag => '1.0.0' }
  s.ios.deployment_target = '15.0'
  s.source_files  = 'Classes/**/*.h'
  s.public_header_files = 'Classes/**/*.h'
  s.frameworks    = 'Foundation'
end
